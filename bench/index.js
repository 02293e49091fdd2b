#!/usr/bin/env node
// npm run bench [-- load|analysis|library|open|compare …]: runs the named benchmarks (all by default), one after another.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const all = ['load', 'analysis', 'library', 'open', 'compare'];
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : all;
let failed = 0;
for (const name of chosen) {
  if (!all.includes(name)) {
    console.error(`Unknown benchmark "${name}": choose from ${all.join(', ')}.`);
    process.exit(1);
  }
  console.log(`\n=== bench:${name} ===`);
  const r = spawnSync(process.execPath, [path.join(here, `${name}.js`)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
