import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineComponentStyles } from './build-tools/mantine-component-styles';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    mantineComponentStyles(),
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
    sourcemap: true,
  },
});
