// Vite builds the renderer (docs/ARCHITECTURE.md "Sharp edges": plain Vite for the
// renderer, esbuild for main and preload). `node scripts/build.js` loads this
// file; `npx vite build --config renderer/vite.config.ts` works as well.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { injectCsp } from './csp-meta.ts';

// The dev server's React Fast Refresh injects an inline <script>, which the
// strict CSP of index.html refuses. Dropping the meta tag applies to
// `vite serve` only: built files keep it (and browser mode also sends the
// same policy as an HTTP header).
const devWithoutCsp: Plugin = {
  name: 'flambe-dev-without-csp',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>\s*/i, ''),
};

// `vite serve` alone has no services. With FLAMBE_WEB=http://127.0.0.1:<port>
// (a running `npm run web`), /api is proxied there so the UI gets hot reload;
// open http://localhost:5173/?token=<its token>. The proxy presents itself
// with the server's own Host and Origin, which its guard requires; the token
// is still checked on every call.
const web = process.env.FLAMBE_WEB;
const devProxy = web
  ? {
      '/api': {
        target: web,
        ws: true,
        changeOrigin: true,
        rewriteWsOrigin: true,
        configure: (proxy: { on(event: 'proxyReq', fn: (req: { setHeader(k: string, v: string): void }) => void): void }) => {
          proxy.on('proxyReq', (req) => req.setHeader('origin', new URL(web).origin));
        },
      },
    }
  : undefined;

// The one policy of shared/csp.ts, written into the built index.html.
const builtWithCsp: Plugin = { name: 'flambe-csp-meta', apply: 'build', transformIndexHtml: injectCsp };

export default defineConfig({
  root: import.meta.dirname,
  // Relative asset URLs: Electron loads the page from a file, browser mode from /.
  base: './',
  plugins: [react(), devWithoutCsp, builtWithCsp],
  server: { host: '127.0.0.1', proxy: devProxy },
  // The analysis worker is a module worker ({ type: 'module' }); as ES modules its
  // ReDoS checker (recheck, 2.5 MB) is a chunk of its own, loaded when first needed.
  worker: { format: 'es' },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2023',
    sourcemap: true,
    // The UI is loaded from disk (the app) or 127.0.0.1 (browser mode), never over a
    // network: a 2 MB chunk costs nothing there, and the warning made `npm install` noisy.
    chunkSizeWarningLimit: 4096,
    // Rolldown's plugin-timing report names slow plugins on a busy machine: not a fault of the build.
    rolldownOptions: { checks: { pluginTimings: false } },
  },
});
