import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, signedInPage } from './support/browser';
import { networkSettled } from './support/settle';

/*
 * axe-core over every built screen, WCAG 2.1 A and AA rules: nothing serious or critical. The
 * screens are opened as a user reaches them, at the phone width the contexts use.
 */
const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const DANA = 'dana.tech@northfield.example';
const SAM = 'sam.staff@torque.example';
/** axe is added as an inline script, which the app's Content-Security-Policy rightly refuses. */
const AUDITABLE = { bypassCSP: true };

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  targets: string[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function audit(page: Page, screen: string): Promise<Finding[]> {
  // Mantine's transitions (modals, tabs) settle before anything is measured.
  await networkSettled(page);
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async (tags) => {
    type Violation = { id: string; impact: string; nodes: { target: string[] }[] };
    const { axe } = window as unknown as {
      axe: { run: (c: unknown, o: unknown) => Promise<{ violations: Violation[] }> };
    };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, TAGS);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ screen, rule: v.id, impact: v.impact, targets: v.targets }));
}

/** Opens `path`, waits for `ready`, audits it. */
async function at(page: Page, name: string, path: string, ready: (p: Page) => Promise<unknown>) {
  await page.goto(path);
  await ready(page);
  return audit(page, name);
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  it('the sign-in screen has nothing serious or critical', async () => {
    const context = await newContext(browser, AUDITABLE);
    const page = await context.newPage();
    const findings = await at(page, 'login', '/login', (p) =>
      p.getByRole('button', { name: 'Sign in' }).waitFor(),
    );
    expect(findings).toEqual([]);
    await context.close();
  });

  it("a technician's screens have nothing serious or critical", async () => {
    const { context, page } = await signedInPage(browser, DANA, AUDITABLE);
    const findings: Finding[] = [];
    findings.push(
      ...(await at(page, 'home', '/home', (p) => p.getByTestId('profile-card').first().waitFor())),
      ...(await at(page, 'support', '/support', (p) =>
        p.getByRole('heading', { level: 1 }).first().waitFor(),
      )),
      ...(await at(page, 'machine search', '/support/machine/search', (p) =>
        p.getByLabel('Serial Number').waitFor(),
      )),
      ...(await at(page, 'machine list', '/support/machineResults?city=Northfield&state=MN', (p) =>
        p.getByRole('link', { name: 'View' }).first().waitFor(),
      )),
      ...(await at(page, 'machine detail', '/support/machine/details/sn-52016/mn-M7-172', (p) =>
        p.getByTestId('machine-header').waitFor(),
      )),
      ...(await at(page, 'knowledge results', '/knowledge?s=hydraulic+pump&c=all', (p) =>
        p.getByTestId('knowledge-result').first().waitFor(),
      )),
    );
    await page.getByTestId('knowledge-result').first().getByRole('link').first().click();
    await page.getByTestId('article-body').waitFor();
    findings.push(...(await audit(page, 'knowledge article')));
    findings.push(
      ...(await at(page, 'settings', '/settings', (p) =>
        p.getByRole('button', { name: 'Log Out' }).waitFor(),
      )),
      ...(await at(page, 'offline & sync', '/settings/offline', (p) =>
        p.getByRole('heading', { level: 1 }).first().waitFor(),
      )),
      ...(await at(page, 'DCU pairing', '/support/machine/imei/sn-41876/mn-M5-111', (p) =>
        p.getByLabel('IMEI').waitFor(),
      )),
      ...(await at(page, 'master key', '/support/dcu/masterkey', (p) =>
        p.getByRole('button', { name: 'Submit' }).waitFor(),
      )),
      ...(await at(page, 'case detail', '/support/case/500000000000000001', (p) =>
        p.getByRole('heading', { level: 1 }).first().waitFor(),
      )),
      ...(await at(page, 'case list', '/support/cases', (p) =>
        p.getByRole('heading', { level: 1 }).first().waitFor(),
      )),
      ...(await at(page, 'training', '/support/ku', (p) =>
        p.getByRole('heading', { level: 1 }).first().waitFor(),
      )),
    );
    expect(findings).toEqual([]);
    await context.close();
  });

  it("staff's dealer lookup has nothing serious or critical", async () => {
    const { context, page } = await signedInPage(browser, SAM, AUDITABLE);
    const findings = await at(page, 'dealer lookup', '/support/sf/dealer/lookup', (p) =>
      p.getByRole('button', { name: 'Search' }).first().waitFor(),
    );
    expect(findings).toEqual([]);
    await context.close();
  });
});
