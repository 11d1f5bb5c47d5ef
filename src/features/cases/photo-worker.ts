import type { PhotoPrepareApi, PreparedPhoto } from '../../workers/photo-prepare';
import { createWorkerHandle } from '../../workers/worker-handle';

/**
 * The screen's handle on photo preparation (HEIC to JPEG, downscaling): a comlink worker
 * started on the first photo, or the same code in the page where workers are missing.
 */
const photoPrepare = createWorkerHandle<PhotoPrepareApi>({
  start: () =>
    new Worker(new URL('../../workers/photo-prepare.worker.ts', import.meta.url), {
      type: 'module',
    }),
  inPage: async () => (await import('../../workers/photo-prepare')).photoPrepareService,
  // The HEIC decoder holds tens of megabytes: an unused worker goes after a minute.
  idleMs: 60_000,
});

/** One chosen file, ready to queue. */
export function preparePhoto(file: File): Promise<PreparedPhoto> {
  return photoPrepare.run((service) => service.prepare(file, file.name));
}
