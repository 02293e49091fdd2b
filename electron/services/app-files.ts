// Where the files that ship with the app are, in every way Flambé runs:
// from source (tests), bundled in dist/node/, and packaged by electron-builder.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export function demoServerDir(): string {
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  const candidates = [
    path.resolve(here, '../../assets/demo-server'), // source: electron/services/
    path.resolve(here, '../../assets/demo-server'), // bundle: dist/node/
    ...(resources ? [path.join(resources, 'demo-server')] : []), // packaged (extraResources)
  ];
  const found = candidates.find((d) => existsSync(path.join(d, 'server.js')));
  if (!found) throw new Error('The demo server is missing from this installation.');
  return found;
}
