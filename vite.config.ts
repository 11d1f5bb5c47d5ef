import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHints } from './build-tools/compile-hints';
import { mantineComponentStyles } from './build-tools/mantine-component-styles';
import { mantineThemeVariables } from './build-tools/mantine-theme-variables';
import { minifyPublicScripts } from './build-tools/minify-public-scripts';
import { cssVariablesResolver, theme } from './src/app/theme';
import { SHARE_ACCEPT, SHARE_FILES_PART, SHARE_TARGET_PATH } from './src/domain/shared-files';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  resolve: {
    // react-router's package exports only its development build, whose warnings code ships in
    // the entry chunk; the production build beside it differs only in that switch.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : [],
  },
  plugins: [
    mantineComponentStyles(),
    mantineThemeVariables(theme, cssVariablesResolver),
    minifyPublicScripts(['paint-snapshot.js']),
    // The chunks a signed-in first screen runs (see the chunk groups below).
    compileHints(['signed-in', 'knowledge']),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      // sw/sw.ts only imports sw/index.ts; the plugin names the output after it: /sw.js.
      filename: 'sw.ts',
      // main.tsx registers /sw.js itself.
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
      },
      manifest: {
        name: 'Torque',
        short_name: 'Torque',
        description: 'Service support for dealers, technicians and staff.',
        theme_color: '#f76707',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/home',
        scope: '/',
        // Photos, sounds and videos shared from the phone's gallery: the service worker answers
        // the POST (sw/share-target.ts), offline too.
        share_target: {
          action: SHARE_TARGET_PATH,
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { files: [{ name: SHARE_FILES_PART, accept: SHARE_ACCEPT }] },
        },
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-512-maskable.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: {
      '/api': gateway,
      '/oidc': gateway,
      '/links': gateway,
    },
  },
  // The offline search index runs in a module worker (src/workers); ES output keeps its
  // chunks shareable with the page's (Dexie) instead of inlining a second copy per format.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Maps are written for SERVE_SOURCE_MAPS but no served file points at them: a
    // sourceMappingURL comment would name a file that answers 404 by default.
    sourcemap: 'hidden',
    // A lazy chunk's own imports are found by the browser when it loads the chunk; the import
    // helper need not append a modulepreload link for each beforehand (one DOM insertion and
    // fetch start each, in the task that asked for the screen). Its stylesheets are still
    // linked, and index.html still preloads the entry's imports.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        advancedChunks: {
          // Left to itself the bundler splits every module two lazy chunks share into a file of
          // its own: /home loaded 53 files, and the import helper appends a modulepreload link
          // for each of them in one task (about a second at 4x CPU). Groups, first match wins:
          groups: [
            // The entry's whole static graph (React, the router, Mantine's base, the login
            // screen, the API client) in one chunk, so a group below cannot take a module the
            // entry imports (the entry would then load that group's chunk before /login shows).
            { name: 'shell', tags: ['$initial'] },
            // Every signed-in screen renders inside the protected shell, so its graph (the
            // database, the session, the sync layer) is loaded by each of them anyway; Home,
            // the start page, comes with it. The modules later screens share with these land
            // here too, instead of in small common chunks of their own.
            {
              name: 'signed-in',
              test: /src[\\/]app[\\/]layout[\\/]protected-shell\.tsx$|src[\\/]features[\\/]home[\\/]home-screen\.tsx$/,
            },
            // The record schemas the replay side shares with the screens that read records
            // (machines, cases, knowledge, predictions): Home shows none of them, so they are
            // not in `signed-in`, and in a chunk of their own a screen reading one does not load
            // the replay chunk for it.
            {
              name: 'schemas',
              test: /contract[\\/](machines|cases|case-create|knowledge|predictions)\.ts$|src[\\/]api[\\/]endpoint-client\.ts$|node_modules[\\/]zod[\\/]/,
            },
            // The replay side, imported after the shell's first render: one file, not one per
            // small module it shares with later screens.
            { name: 'replay', test: /src[\\/]sync[\\/]replay-triggers\.ts$/ },
            {
              name: 'knowledge',
              test: /src[\\/]features[\\/]knowledge[\\/]knowledge-search-screen\.tsx$/,
            },
          ],
        },
      },
    },
  },
}));
