/*
 * Sharing into Torque (Web Share Target): the phone's gallery or recorder hands the installed
 * app photos, sounds and videos; the app keeps those a case takes and asks where they go.
 */

/** Where the manifest's share target posts (multipart/form-data; the service worker answers). */
export const SHARE_TARGET_PATH = '/share-target';
/** The form part the files come in (the manifest's share_target.params.files name). */
export const SHARE_FILES_PART = 'files';
/** The screen that asks "Add to a case" or "Start a new case". */
export const SHARE_SCREEN_PATH = '/share';
/** What the share target accepts, as the manifest says it to the phone. */
export const SHARE_ACCEPT = ['image/*', 'audio/*', 'video/*', '.heic', '.heif'];
/** At most as many files as one update may name. */
export const SHARED_FILES_MAX = 20;

export interface SharedFile {
  name: string;
  type: string;
  blob: Blob;
}

const HEIC_NAME = /\.(heic|heif)$/i;

/** A file a case takes from a share: a photo, a sound or a video, not empty. */
export function isShareable(file: { name: string; type: string; size: number }): boolean {
  if (file.size === 0) return false;
  if (/^(image|audio|video)\//.test(file.type)) return true;
  // Some galleries send HEIC photos without a type (the form then says octet-stream).
  return HEIC_NAME.test(file.name);
}

/** The type a shared file is kept as: a HEIC photo sent without one is named for what it is. */
function sharedType(file: { name: string; type: string }): string {
  if (HEIC_NAME.test(file.name) && !file.type.startsWith('image/')) return 'image/heic';
  return file.type;
}

/**
 * The files of a share a case takes, in the order shared, at most SHARED_FILES_MAX; text
 * parts (a title, a link) and other files are left out.
 */
export function keptSharedFiles(parts: readonly unknown[]): SharedFile[] {
  return parts
    .filter(
      (p): p is File => typeof p === 'object' && p !== null && 'arrayBuffer' in p && 'name' in p,
    )
    .filter(isShareable)
    .slice(0, SHARED_FILES_MAX)
    .map((f) => ({ name: f.name || 'shared file', type: sharedType(f), blob: f }));
}

/** The share screen for a kept share, or saying that nothing could be kept. */
export function shareScreenUrl(id: string | null): string {
  return id ? `${SHARE_SCREEN_PATH}?id=${encodeURIComponent(id)}` : `${SHARE_SCREEN_PATH}?none=1`;
}

/** The share screen saying that files another website sent were not taken. */
export const SHARE_REFUSED_URL = `${SHARE_SCREEN_PATH}?elsewhere=1`;
export const SHARE_REFUSED_MESSAGE =
  "Files sent by another website were not added. To add photos, sound recordings or videos, share them from your phone's gallery or recorder.";

/** Referrer policies under which a page hides even its origin from another origin. */
const HIDING_POLICIES = new Set(['no-referrer', 'same-origin']);

/** What a share target's POST tells of where it came from, as the service worker sees it. */
export interface ShareRequest {
  referrer: string;
  referrerPolicy: string;
  headers: { get(name: string): string | null };
}

/**
 * Whether a POST to the share target comes from the phone's share sheet (no page behind it:
 * Sec-Fetch-Site "none", no referrer) or from this app, rather than from another website's form.
 * Browsers keep Sec-Fetch-Site from service workers, so the referrer decides where the header is
 * missing: another origin's page is refused, and so is a page that hid where it was.
 */
export function isShareFromDevice(request: ShareRequest, ownOrigin: string): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'none' || site === 'same-origin';
  if (request.referrer === '') return !HIDING_POLICIES.has(request.referrerPolicy);
  try {
    return new URL(request.referrer).origin === ownOrigin;
  } catch {
    return false;
  }
}
