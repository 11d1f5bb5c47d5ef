// A case made offline with three 4 MB photos, then the device back online: the built app and a
// real gateway as in e2e. Each run goes through the create case wizard online, goes offline
// for the attachments and Submit (the confirmation shows the local reference), then back
// online; timed inside the page from the 'online' event until the confirmation shows the case
// number the gateway gave (the new contact-less chain: case, three files, first message).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { swControlled } from '../e2e/support/browser';
import { M1_PAGE, atStep, caseForm, typedToForm } from '../e2e/support/case-wizard';
import { signedInBench } from './signed-in';
import { median, ms } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** A camera-sized JPEG of noise (noise does not compress): about 4 MB. */
async function photo(path: string, seed: number): Promise<string> {
  const width = 2400;
  const height = 1800;
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed;
  for (let i = 0; i < pixels.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    pixels[i] = x >>> 24;
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 94 })
    .toFile(path);
  return path;
}

declare global {
  interface Window {
    __onlineAt?: number;
    __numberAt?: number;
  }
}

/** Stamps performance.now() at the 'online' event and when the confirmation shows a number. */
const watchOnlineToNumber = `(() => {
  window.__onlineAt = undefined;
  window.__numberAt = undefined;
  addEventListener('online', () => { window.__onlineAt = performance.now(); }, { once: true });
  const observer = new MutationObserver(() => {
    const box = document.querySelector('[data-testid="wizard-confirmation"]');
    if (box && /Case number:/.test(box.textContent)) {
      window.__numberAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
})()`;

const dir = mkdtempSync(join(tmpdir(), 'torque-bench-photos-'));
const photos = await Promise.all([1, 2, 3].map((n) => photo(join(dir, `photo-${n}.jpg`), n)));
const sizes = photos.map((p) => statSync(p).size);

const bench = await signedInBench(
  'dana.tech@northfield.example',
  Number(process.env.BENCH_PORT ?? 8197),
);
try {
  const { context, page } = bench;
  await page.goto(M1_PAGE);
  await page.getByTestId('machine-header').waitFor({ timeout: 60_000 });
  await swControlled(page);
  const times: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    await page.goto(M1_PAGE);
    await typedToForm(page, `Bench: photos sent after signal returns ${run}`);
    await caseForm(page);
    await atStep(page, '5');

    await context.setOffline(true);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Upload' }).click(),
    ]);
    await chooser.setFiles(photos);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="wizard-previews"] img').length === 3,
      null,
      { timeout: 60_000 },
    );
    await page.getByLabel('Message').fill('Three photos from the field');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your case will be sent when the device is back online.').waitFor();

    await page.evaluate(watchOnlineToNumber);
    await context.setOffline(false);
    const stamp = await page.waitForFunction(
      () =>
        window.__onlineAt !== undefined && window.__numberAt !== undefined
          ? window.__numberAt - window.__onlineAt
          : undefined,
      null,
      { timeout: 120_000, polling: 50 },
    );
    times.push((await stamp.jsonValue()) as number);
  }
  console.log(
    `offline case with three photos (${sizes.map((b) => `${(b / 1024 / 1024).toFixed(1)} MB`).join(', ')}), in-page timing, ${RUNS} runs:`,
  );
  console.log(
    `  back online to the case number showing: median ${ms(median(times))}  [${times.map(ms).join(', ')}]`,
  );
} finally {
  await bench.close();
  rmSync(dir, { recursive: true, force: true });
}
