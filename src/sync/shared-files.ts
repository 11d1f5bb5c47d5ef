import { db, type TorqueDb } from '../db/db';
import type { SharedFilesRow } from '../db/schema';
import { keptSharedFiles, shareScreenUrl, type SharedFile } from '../domain/shared-files';

/** A share nobody took is dropped after a day: the device does not fill up with them. */
const SHARE_KEPT_MS = 24 * 60 * 60 * 1000;

/** Keeps the files of one share; shares older than a day go. Returns the share's id. */
export async function keepShare(
  files: readonly SharedFile[],
  database: TorqueDb = db,
  now = Date.now(),
): Promise<string> {
  const id = crypto.randomUUID();
  await database.transaction('rw', database.sharedFiles, async () => {
    await database.sharedFiles
      .where('sharedAt')
      .below(now - SHARE_KEPT_MS)
      .delete();
    await database.sharedFiles.add({ id, files: [...files], sharedAt: now });
  });
  return id;
}

/** A kept share, or undefined once it was taken (or never was). */
export function shareOf(id: string, database: TorqueDb = db): Promise<SharedFilesRow | undefined> {
  return database.sharedFiles.get(id);
}

/** The share's files, removed from the device as they are handed on: taken once. */
export function takeShare(id: string, database: TorqueDb = db): Promise<SharedFile[]> {
  return database.transaction('rw', database.sharedFiles, async () => {
    const row = await database.sharedFiles.get(id);
    await database.sharedFiles.delete(id);
    return row?.files ?? [];
  });
}

/**
 * The share target's POST (what the phone sends when the user shares into the app): the
 * photos, sounds and videos are kept on the device, and the answer sends the app to the share
 * screen (303, so the browser GETs it). Works offline: nothing here needs the network.
 */
export async function receiveShare(request: Request, database: TorqueDb = db): Promise<Response> {
  let parts: unknown[] = [];
  try {
    parts = [...(await request.formData()).values()];
  } catch {
    // Not a form: nothing to keep; the screen says so.
  }
  const files = keptSharedFiles(parts);
  const id = files.length > 0 ? await keepShare(files, database) : null;
  return Response.redirect(new URL(shareScreenUrl(id), request.url).href, 303);
}
