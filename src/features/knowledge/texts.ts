/** The knowledge screens' own texts (product §8's empty states live in contract/knowledge.ts). */
export const SEARCH_FAILED = 'The search could not be run. Try again in a moment.';
export const SAVE_NEEDS_CONNECTION =
  'Saving for offline needs a connection. Articles you saved before still open offline.';
export const ARTICLE_NOT_FOUND = 'Article not found. It may have been removed or renamed.';
export const ARTICLE_NEEDS_CONNECTION =
  'This article is not saved on this device, and opening it the first time needs a connection.';
export const ARTICLE_FAILED = 'The article could not be loaded. Try again in a moment.';
export const OFFLINE_INDEX_FAILED = 'The offline copies could not be searched on this device.';

/** Counts what the offline search ran over: the tab's documents kept on the device. */
export const offlineSearchNote = (searched: number) =>
  `Searching offline copies: ${searched} document${searched === 1 ? '' : 's'} on this device`;
export const totalLine = (count: number) => `Total Results Answers - ${count}`;
