import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const serverUrl = process.env.PAWCARE_SERVER_URL ?? 'http://localhost:3000';
const proxy = {
  '/api': { target: serverUrl, changeOrigin: true },
  '/socket.io': { target: serverUrl, changeOrigin: true, ws: true },
};

/** The web app lives in web/ and builds to web/dist, which the Fastify server serves (pre-compressed). */
export default defineConfig(({ command }) => {
  // A build is always a production build (minified React, no dev JSX), even when the caller's environment
  // says NODE_ENV=test, as the end-to-end server start does.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
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
      // No module-preload polyfill: every browser we support has modulepreload.
      modulePreload: { polyfill: false },
    },
    server: { port: 5173, proxy },
    preview: { proxy },
  };
});
