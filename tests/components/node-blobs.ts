/*
 * jsdom's Blob does not survive fake-indexeddb's structured clone (it comes back a plain object)
 * while Node's does, as a browser's Blob survives IndexedDB. Tests that keep photos in
 * IndexedDB import this module before anything imports Dexie (Dexie notes the Blob class when
 * it loads, and copies what it does not know) and so use Node's Blob, File and FormData, the
 * ones the fetch they stub would receive.
 */
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';

// Node's FormData is only reachable through fetch's classes; an urlencoded body builds one
// without a file in it (undici asserts that a parsed file is its own File, not jsdom's).
const form = await new Response('a=b', {
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
}).formData();
Object.assign(globalThis, { Blob: NodeBlob, File: NodeFile, FormData: form.constructor });

// Object URLs are names only here: the screens hand them to <img>.
let objectUrls = 0;
URL.createObjectURL = () => `blob:test/${++objectUrls}`;
URL.revokeObjectURL = () => undefined;

export {};
