#!/usr/bin/env node
// The `flambe` command: the same services as the app, from a terminal.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(`flambe needs Node 22.12 or newer; this is Node ${process.versions.node}.\n`);
  process.exit(1);
}
await import('../dist/node/cli.js');
