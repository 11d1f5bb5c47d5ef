/** product §4 "Offline-first": lookups that need the server say so plainly. */
export const MODEL_SEARCH_NEEDS_CONNECTION =
  'Model search needs a connection. What you typed is kept; it runs when you are back online.';
export const LIST_NEEDS_CONNECTION =
  'Customer search needs a connection. Results you opened before on this device still show.';
export const DETAIL_NEEDS_CONNECTION =
  'This machine has not been opened on this device yet, and opening it the first time needs a connection.';
export const BULLETINS_NEED_CONNECTION =
  'The bulletins of this campaign have not been loaded on this device yet, and loading them needs a connection.';
export const MANUALS_NEED_CONNECTION =
  'The manuals of this machine have not been loaded on this device yet, and loading them needs a connection.';
