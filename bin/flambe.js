#!/usr/bin/env node
// The `flambe` command: the same services as the app, from a terminal.
// On a machine whose own `node` is too old it goes on under the Node that
// `npm install` brought (scripts/project-node.js), or says which Node to get.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnRecentNode } from '../scripts/project-node.js';

await runOnRecentNode(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
await import('../dist/node/cli.js');
