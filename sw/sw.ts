// Build entry of the service worker: vite-plugin-pwa names the output after this file, and
// the page registers /sw.js. The handlers are in index.ts.
import './index';
