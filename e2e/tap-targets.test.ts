import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signedInPage, trackPageErrors } from './support/browser';
import {
  M1_PAGE,
  atStep,
  next,
  suggestionsShown,
  symptom,
  wizardInput,
} from './support/case-wizard';
import { queuedPairing } from './support/dcu-pairing';
import { putStoredRow } from './support/device-db';
import { networkSettled } from './support/settle';

/*
 * Every control a finger taps on the main screens of a 412 px touch phone is at least 44 × 44 px
 * (WCAG 2.2's 2.5.5), or stands far enough from the others that a 44 px circle on its centre
 * touches none of them (2.5.8's spacing exception, at 44 px), or is a link inside a sentence
 * (the inline exception). Each screen is opened as its user reaches it and measured once shown.
 */
const WIDTH = 412;
const PHONE = { viewport: { width: WIDTH, height: 915 }, hasTouch: true, isMobile: true };
const DANA = 'dana.tech@northfield.example';
const TARGET = 44;
/** Northfield's open case on machine 1. */
const M1_CASE = '/support/case/500000000000000001';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Small {
  screen: string;
  target: string;
  width: number;
  height: number;
}

/** The controls on the page smaller than 44 × 44 px that no exception covers. */
async function smallTargets(page: Page, screen: string): Promise<Small[]> {
  await networkSettled(page);
  const found = await page.evaluate((size) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="tab"]',
      '[role="link"]',
      '[role="radio"]',
      '[role="checkbox"]',
      '[role="switch"]',
      '[role="menuitem"]',
      '[role="option"]',
    ].join(',');
    // A checkbox or radio is tapped through its label too: the target is the box holding both,
    // or its label alone where the input itself is hidden (a segmented choice).
    const boxOf = (el: Element): DOMRect => {
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const holder =
          el.closest('label') ??
          el.closest('.mantine-Checkbox-body, .mantine-Radio-body, .mantine-Switch-body') ??
          el.labels?.[0];
        if (holder) return holder.getBoundingClientRect();
      }
      return el.getBoundingClientRect();
    };
    const shown = (el: Element) => {
      const box = boxOf(el);
      return (
        box.width > 0 &&
        box.height > 0 &&
        getComputedStyle(el).visibility !== 'hidden' &&
        !el.closest('[aria-hidden="true"], [inert]') &&
        !(el as HTMLButtonElement).disabled
      );
    };
    // A link inside a sentence keeps the line's height (WCAG 2.2's inline exception): words come
    // before it in its paragraph, or the paragraph ends as a sentence does.
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const block = el.parentElement;
      if (!block) return false;
      const before = document.createRange();
      before.setStart(block, 0);
      before.setEndBefore(el);
      return /\p{L}/u.test(before.toString()) || /[.!?:]\s*$/.test(block.textContent ?? '');
    };
    // With a dialog open, only it can be tapped: the page under it is behind its overlay.
    const scope = document.querySelector('[role="dialog"][aria-modal="true"]') ?? document;
    const boxes = [...scope.querySelectorAll(selector)]
      .filter(shown)
      .map((el) => ({ el, box: boxOf(el) }));
    const name = (el: Element) =>
      (
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.innerText ??
        (el as HTMLElement).innerText ??
        el.getAttribute('title') ??
        ''
      )
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40) || `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 60);
    const isBig = (b: DOMRect) => b.width >= size - 0.5 && b.height >= size - 0.5;
    const centre = (b: DOMRect) => [b.x + b.width / 2, b.y + b.height / 2] as const;
    const small: { target: string; width: number; height: number }[] = [];
    for (const { el, box } of boxes) {
      if (isBig(box)) continue;
      if (inSentence(el)) continue;
      // The spacing exception: a 44 px circle on the target's centre touches no other target,
      // nor the circle of another small one.
      const [cx, cy] = centre(box);
      const clear = boxes.every(({ el: other, box: b }) => {
        if (other === el || other.contains(el) || el.contains(other)) return true;
        const dx = Math.max(b.left - cx, 0, cx - b.right);
        const dy = Math.max(b.top - cy, 0, cy - b.bottom);
        if (Math.hypot(dx, dy) < size / 2) return false;
        if (isBig(b)) return true;
        const [ox, oy] = centre(b);
        return Math.hypot(ox - cx, oy - cy) >= size;
      });
      if (clear) continue;
      small.push({
        target: name(el),
        width: Math.round(box.width),
        height: Math.round(box.height),
      });
    }
    return small;
  }, TARGET);
  return found.map((f) => ({ screen, ...f }));
}

async function at(page: Page, screen: string, path: string, ready: (p: Page) => Promise<unknown>) {
  await page.goto(path);
  await ready(page);
  return smallTargets(page, screen);
}

describe(`tap targets on a ${WIDTH} px touch phone`, () => {
  it("a technician's main screens give every control 44 × 44 px or room around it", async () => {
    const { context, page } = await signedInPage(browser, DANA, PHONE);
    const errors = trackPageErrors(page);
    const small: Small[] = [];
    small.push(
      ...(await at(page, 'home', '/home', (p) => p.getByTestId('profile-card').first().waitFor())),
      ...(await at(page, 'case history', '/support/cases', (p) =>
        p.getByRole('button', { name: 'Next page' }).waitFor(),
      )),
      ...(await at(page, 'case', M1_CASE, (p) =>
        p
          .getByRole('button', { name: /^Enlarge / })
          .first()
          .waitFor(),
      )),
      ...(await at(page, 'machine', M1_PAGE, (p) => p.getByTestId('machine-header').waitFor())),
      ...(await at(page, 'messages', '/messages', (p) =>
        p
          .getByRole('button', { name: /^Delete message / })
          .first()
          .waitFor(),
      )),
      ...(await at(page, 'settings', '/settings', (p) =>
        p.getByRole('button', { name: 'Log Out' }).waitFor(),
      )),
    );
    // A change the gateway refused, with its Retry, Edit and Discard.
    const me = (await (await page.request.get('/api/v1/me')).json()) as { id: string };
    await putStoredRow(page, 'outbox', {
      ...queuedPairing(me.id, { imei: '111111111111111', serial: '41876' }),
      status: 'needs-attention',
      attempts: 1,
      lastError: { status: 409, message: 'This DCU is paired with another machine.' },
    });
    small.push(
      ...(await at(page, 'offline & sync', '/settings/offline', (p) =>
        p.getByRole('button', { name: 'Discard' }).waitFor(),
      )),
    );
    // A dialog, with its close ✕ and its choices.
    await page.goto(M1_PAGE);
    await page.getByRole('button', { name: 'Fault Codes' }).click();
    await page.getByRole('dialog', { name: 'Fault Code Report' }).waitFor();
    small.push(...(await smallTargets(page, 'fault code dialog')));
    // The case wizard's first steps: the problem, the suggestions, the failure.
    await page.goto(M1_PAGE);
    await page.getByRole('button', { name: 'Create Case' }).click();
    await atStep(page, '1');
    small.push(...(await smallTargets(page, 'wizard: problem')));
    await symptom(page, `Cab heater blows cold ${Date.now()}`);
    await suggestionsShown(page);
    small.push(...(await smallTargets(page, 'wizard: suggestions')));
    await next(page);
    await atStep(page, '3');
    await wizardInput(page, 'Failure Date').waitFor();
    small.push(...(await smallTargets(page, 'wizard: failure')));
    expect(small).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
