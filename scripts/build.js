#!/usr/bin/env node
// Builds everything that runs: the Node bundles (CLI, browser-mode server,
// service host, load worker), Electron's main and preload, and the renderer.
// esbuild for Node/Electron (docs/ARCHITECTURE.md "Sharp edges": electron-vite refuses
// Electron >= 42), Vite for the renderer.
import { rmSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { runOnRecentNode } from './project-node.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A machine whose own `node` is too old: build under the Node npm installed.
await runOnRecentNode(root);
const { build } = await import('esbuild');
const { build: viteBuild } = await import('vite');
const onlyNode = process.argv.includes('--node-only');

rmSync(path.join(root, 'dist/node'), { recursive: true, force: true });
rmSync(path.join(root, 'dist/electron'), { recursive: true, force: true });

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  // Dependencies stay in node_modules (electron-builder ships them); only our code is bundled.
  packages: 'external',
};

const nodeEntries = {
  cli: 'electron/cli/main.ts',
  web: 'electron/web/main.ts',
  'service-host': 'electron/service-host/main.ts',
  'load-worker': 'electron/services/load/worker.ts',
  'import-worker': 'electron/services/library/import-worker.ts',
  'compare-worker': 'electron/services/experiment/compare-worker.ts',
  'growth-worker': 'electron/services/memory/growth-worker.ts',
};
await build({
  ...common,
  format: 'esm',
  entryPoints: Object.fromEntries(Object.entries(nodeEntries).filter(([, f]) => existsSync(path.join(root, f)))),
  outdir: 'dist/node',
  // A dynamic import() becomes its own chunk, loaded when it runs: the CLI loads only the command asked for.
  splitting: true,
  // Beside the entries (not in a subfolder): code finds the workers, the demo server and the renderer relative to its own file.
  chunkNames: '[name]-[hash]',
});

if (existsSync(path.join(root, 'electron/main/main.ts'))) {
  await build({ ...common, format: 'esm', entryPoints: { main: 'electron/main/main.ts' }, outdir: 'dist/electron', external: ['electron'] });
}
if (existsSync(path.join(root, 'electron/preload/preload.ts'))) {
  // A sandboxed preload must be a single CommonJS file.
  await build({ ...common, packages: undefined, format: 'cjs', entryPoints: { preload: 'electron/preload/preload.ts' }, outExtension: { '.js': '.cjs' }, outdir: 'dist/electron', external: ['electron'] });
}

if (!onlyNode && existsSync(path.join(root, 'renderer/index.html'))) {
  await viteBuild({ configFile: path.join(root, 'renderer/vite.config.ts'), logLevel: 'warn' });
}
console.log('build: done');
