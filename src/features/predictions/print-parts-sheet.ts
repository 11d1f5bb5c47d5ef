import type { Prediction } from '../../../contract/predictions';
import { partsSheet } from '../../domain/prediction-sheet';
import type { PartsSheetApi } from '../../workers/parts-sheet';
import { createWorkerHandle } from '../../workers/worker-handle';

/**
 * Print (product §2 Parts prediction step): the parts sheet PDF is made in a worker, so jspdf
 * (≈100 KB gzipped) loads on the first print and laying out the pages never holds up the screen,
 * then downloads from the page. Nothing is fetched: it prints offline.
 */
const sheets = createWorkerHandle<PartsSheetApi>({
  start: () =>
    new Worker(new URL('../../workers/parts-sheet.worker.ts', import.meta.url), {
      type: 'module',
    }),
  inPage: async () => (await import('../../workers/parts-sheet')).partsSheetService,
  idleMs: 60_000,
});

export async function printPartsSheet(
  prediction: Pick<Prediction, 'modelNumber' | 'serialNumber' | 'symptom' | 'combinations'>,
): Promise<void> {
  const sheet = partsSheet(prediction);
  const pdf = await sheets.run((service) => service.render(sheet));
  const url = URL.createObjectURL(pdf);
  const a = document.createElement('a');
  a.href = url;
  a.download = sheet.fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the bytes after the click's task: let the URL go a while later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
