import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const serverUrl = process.env.PAWCARE_SERVER_URL ?? 'http://localhost:3000';

/** The web app lives in web/ and builds to web/dist, which the Fastify server serves (pre-compressed). */
export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    tailwindcss(),
    // .br and .gz files beside each asset: @fastify/static (preCompressed) sends them without compressing per request.
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024, logLevel: 'silent' }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The landing page must stay small: never inline a module-preload polyfill for old browsers.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    strictPort: false,
    proxy: {
      '/api': { target: serverUrl, changeOrigin: true },
      '/socket.io': { target: serverUrl, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: serverUrl, changeOrigin: true },
      '/socket.io': { target: serverUrl, changeOrigin: true, ws: true },
    },
  },
});
