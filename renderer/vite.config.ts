// Vite builds the renderer (DESIGN.md "Sharp edges": plain Vite for the
// renderer, esbuild for main and preload). `node scripts/build.js` loads this
// file; `npx vite build --config renderer/vite.config.ts` works as well.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server's React Fast Refresh injects an inline <script>, which the
// strict CSP of index.html refuses. Dropping the meta tag applies to
// `vite serve` only: built files keep it (and browser mode also sends the
// same policy as an HTTP header).
const devWithoutCsp: Plugin = {
  name: 'flambe-dev-without-csp',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>\s*/i, ''),
};

export default defineConfig({
  root: import.meta.dirname,
  // Relative asset URLs: Electron loads the page from a file, browser mode from /.
  base: './',
  plugins: [react(), devWithoutCsp],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2023',
    sourcemap: true,
  },
});
