/*
 * jsdom's Blob does not survive fake-indexeddb's structured clone (it comes back a plain object)
 * while Node's does, as a browser's Blob survives IndexedDB. Tests that keep photos in
 * IndexedDB import this module before anything imports Dexie (Dexie notes the Blob class when
 * it loads, and copies what it does not know) and so use Node's Blob, File and FormData, the
 * ones the fetch they stub would receive.
 */
const multipart = new Response(
  '--b\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\nx\r\n--b--\r\n',
  { headers: { 'Content-Type': 'multipart/form-data; boundary=b' } },
);
const form = await multipart.formData();
Object.assign(globalThis, {
  Blob: (await new Response('x').blob()).constructor,
  File: (form.get('f') as object).constructor,
  FormData: form.constructor,
});

// Object URLs are names only here: the screens hand them to <img>.
let objectUrls = 0;
URL.createObjectURL = () => `blob:test/${++objectUrls}`;
URL.revokeObjectURL = () => undefined;

export {};
