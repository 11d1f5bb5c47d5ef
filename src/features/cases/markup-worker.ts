import type { Mark } from '../../domain/photo-markup';
import type { MarkedUpPhoto, MarkupPicture, PhotoMarkupApi } from '../../workers/photo-markup';
import { createWorkerHandle } from '../../workers/worker-handle';

/**
 * The markup screen's handle on its worker: decoding the photo, the small picture to draw on and
 * the full-size result all happen there, or in the page where workers are missing.
 */
const photoMarkup = createWorkerHandle<PhotoMarkupApi>({
  start: () =>
    new Worker(new URL('../../workers/photo-markup.worker.ts', import.meta.url), {
      type: 'module',
    }),
  inPage: async () => (await import('../../workers/photo-markup')).photoMarkupService,
  // A decoded 12 MP photo is about 48 MB: let it go soon after the last mark-up.
  idleMs: 20_000,
});

export function markupPicture(photo: Blob, long: number): Promise<MarkupPicture> {
  return photoMarkup.run((service) => service.picture(photo, long));
}

export function renderMarkedUp(photo: Blob, marks: readonly Mark[]): Promise<MarkedUpPhoto> {
  return photoMarkup.run((service) => service.render(photo, marks));
}
