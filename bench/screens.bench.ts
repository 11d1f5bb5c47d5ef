// Every screen of the product as a full page load, online and offline: the built app and a
// real gateway as in e2e, phone-sized Chromium signed in through the real login page. Each
// screen is opened once online first (its code and data are then on the device, as for a
// returning user), then RUNS times online and RUNS times offline, alternating, each time in
// a new tab, timed inside the page from navigation start until the screen's data text shows
// (stampWhenShown). Goals: every screen under 1 s on a quiet machine, and a screen's online
// median never above its offline one. `BENCH_SCREENS=case` measures only matching screens;
// `BENCH_BASELINE_DIST=dir` measures another build (a copy of an earlier dist/) in turn.
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, signedInPage, swControlled } from '../e2e/support/browser';
import { startGateway, type RunningGateway } from '../e2e/support/gateway';
import { MACHINE_1_CASES } from '../gateway/seed/fixed-machines';
import { NORTHFIELD_ID } from '../gateway/seed/fixed';
import { requireBuild, stampWhenShown, timeTo } from './signed-in';
import { median, ms } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** An offline screen that has not shown its data by then does not open offline. */
const OFFLINE_TIMEOUT = 8_000;

interface Screen {
  name: string;
  path: string;
  /** Text that only the screen's data puts on the page. */
  text: string;
  /** An element that must be visible too (a screen whose header shows before its data). */
  alsoShown?: string;
  /** The demo user who opens it (internal-only screens need sam or ada). */
  as: 'dana' | 'ada';
}

const SCREENS: Screen[] = [
  { name: 'home', path: '/home', text: 'dana.tech@northfield.example', as: 'dana' },
  {
    name: 'knowledge search',
    path: '/knowledge?s=hydraulic%20pump&c=all',
    text: 'Service Bulletin: How to test the hydraulic pump on tractors',
    as: 'dana',
  },
  {
    name: 'knowledge article',
    path: '/knowledge/answer?uniqueID=KA-INSTALL-GUIDES',
    text: 'Mount the DCU on the cab rear bracket',
    as: 'dana',
  },
  {
    name: 'machine search',
    path: '/support/machine/search',
    text: 'Scan Machine Serial Number',
    as: 'dana',
  },
  {
    name: 'machine list',
    path: '/support/machineResults?city=Northfield&state=MN',
    text: 'KX040-4 · 17231',
    as: 'dana',
  },
  {
    name: 'machine detail',
    path: '/support/machine/details/sn-52016/mn-M7-172',
    text: 'Walter Hanson',
    alsoShown: '[data-testid="machine-header"]',
    as: 'dana',
  },
  {
    name: 'case list',
    path: '/support/cases',
    text: 'Intermittent loss of hydraulic pressure under load',
    as: 'dana',
  },
  {
    name: 'case detail',
    path: `/support/case/${MACHINE_1_CASES.northfieldOpen}`,
    text: 'Case 00001001',
    alsoShown: '[data-testid="feed-item"]',
    as: 'dana',
  },
  {
    name: 'case history',
    path: `/support/dealer/cases/${NORTHFIELD_ID}`,
    text: 'Intermittent loss of hydraulic pressure under load',
    as: 'ada',
  },
  {
    name: 'case wizard',
    path: '/support/machine/case/create/sn-52016/mn-M7-172/pin-KBCM7172VNP052016',
    text: 'DTC Code',
    as: 'dana',
  },
  { name: 'messages', path: '/messages', text: 'New bulletin for M7 tractors', as: 'dana' },
  {
    name: 'dealer contacts',
    path: '/support/DealerContacts',
    text: 'Dana Whitfield',
    alsoShown: 'table',
    as: 'dana',
  },
  {
    name: 'offline & sync',
    path: '/settings/offline',
    text: 'Nothing is waiting to be sent.',
    as: 'dana',
  },
  { name: 'settings', path: '/settings', text: '(507) 555-0162', as: 'dana' },
  {
    name: 'DCU pairing',
    path: '/support/machine/imei/sn-41880/mn-M5-111',
    text: 'M5-111 Utility Tractor',
    as: 'dana',
  },
  {
    name: 'notification dashboard',
    path: '/support/notifdashboard',
    text: 'Add Filter',
    as: 'ada',
  },
];

const EMAILS = { dana: 'dana.tech@northfield.example', ada: 'ada.admin@torque.example' };

/** One full page load of `s` in a new tab; null when its data did not show within `timeout`. */
async function load(
  context: BrowserContext,
  url: string,
  s: Screen,
  timeout = 60_000,
): Promise<number | null> {
  const page = await context.newPage();
  try {
    await page.addInitScript(stampWhenShown(s.text, s.alsoShown));
    return await Promise.race([
      timeTo(page, url),
      new Promise<null>((r) => setTimeout(() => r(null), timeout)),
    ]);
  } catch {
    return null;
  } finally {
    await page.close();
  }
}

function p95(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)]!;
}

function figures(values: (number | null)[]): string {
  const shown = values.filter((v): v is number => v !== null);
  if (shown.length === 0) return 'does not open';
  const missed = values.length - shown.length;
  return (
    `median ${ms(median(shown))}, p95 ${ms(p95(shown))}, ` +
    `${ms(Math.min(...shown))}-${ms(Math.max(...shown))}` +
    (missed ? ` (${missed} of ${values.length} not shown)` : '')
  );
}

interface Build {
  label: string;
  gw: RunningGateway;
  contexts: Map<Screen['as'], BrowserContext>;
  online: Map<Screen, (number | null)[]>;
  offline: Map<Screen, (number | null)[]>;
}

/** A gateway serving `staticDir` (the build in dist/ when undefined), its users signed in. */
async function prepare(label: string, port: number, staticDir?: string): Promise<Build> {
  const gw = await startGateway(port, staticDir ? { STATIC_DIR: staticDir } : {});
  try {
    return await signIn(label, gw);
  } catch (error) {
    await gw.stop();
    throw error;
  }
}

async function signIn(label: string, gw: RunningGateway): Promise<Build> {
  const contexts = new Map<Screen['as'], BrowserContext>();
  for (const who of new Set(screens.map((s) => s.as))) {
    const { context, page } = await signedInPage(browser, EMAILS[who], { baseURL: gw.url });
    await swControlled(page);
    await page.close();
    contexts.set(who, context);
  }
  // Seen once online: the code is cached by the service worker and the data kept on the device.
  for (const s of screens) {
    if ((await load(contexts.get(s.as)!, `${gw.url}${s.path}`, s)) === null) {
      throw new Error(`${s.name}: "${s.text}" never showed online (${label})`);
    }
  }
  const empty = () => new Map(screens.map((s) => [s, [] as (number | null)[]]));
  return { label, gw, contexts, online: empty(), offline: empty() };
}

requireBuild();
const filter = process.env.BENCH_SCREENS;
const screens = SCREENS.filter((s) => !filter || s.name.includes(filter));
const port = Number(process.env.BENCH_PORT ?? 8196);
/** Another build to measure in turn with this one (`BENCH_BASELINE_DIST=/path/to/dist`). */
const baseline = process.env.BENCH_BASELINE_DIST;
const browser = await launchBrowser();
const builds: Build[] = [];
try {
  builds.push(await prepare('dist/', port));
  if (baseline) builds.push(await prepare(baseline, port + 1, baseline));
  // Screen by screen, each build in turn, online then offline: a busy machine's load falls
  // on both builds and both paths alike.
  for (let i = 0; i < RUNS; i++) {
    for (const s of screens) {
      // Which build goes first alternates, so neither always meets the other's leftovers.
      for (const b of i % 2 ? [...builds].reverse() : builds) {
        const context = b.contexts.get(s.as)!;
        const url = `${b.gw.url}${s.path}`;
        const online = async () => b.online.get(s)!.push(await load(context, url, s));
        const offline = async () => {
          await context.setOffline(true);
          b.offline.get(s)!.push(await load(context, url, s, OFFLINE_TIMEOUT));
          await context.setOffline(false);
        };
        // Which path goes first alternates too: the second load of a screen finds its code
        // compiled and its data read moments before, which favoured whichever always came second.
        if (i % 2) {
          await offline();
          await online();
        } else {
          await online();
          await offline();
        }
      }
    }
  }
  console.log(
    `every screen as a full page load, in-page timing from navigation start to its data, ${RUNS} runs:`,
  );
  for (const s of screens) {
    console.log(`  ${s.name} (${s.path})`);
    for (const b of builds) {
      const of = builds.length > 1 ? ` ${b.label}` : '';
      console.log(`    online${of}:  ${figures(b.online.get(s)!)}`);
      console.log(`    offline${of}: ${figures(b.offline.get(s)!)}`);
    }
  }
  console.log('  goals: each under 1 s on a quiet machine; online never slower than offline');
} finally {
  await browser.close();
  for (const b of builds) await b.gw.stop();
}
