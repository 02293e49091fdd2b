// Starts test/fixtures/load-server in its own process (load and server must
// not share a thread) and gives its base URL; stop() kills it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repo } from '../../helpers/demo.ts';

export interface LoadServer { base: string; child: ChildProcess; stop(): void }

export function startLoadServer(): Promise<LoadServer> {
  const child = spawn(process.execPath, [path.join(repo, 'test/fixtures/load-server/server.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\S+)/.exec(out);
      if (m) resolve({ base: m[1], child, stop: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`load server exited (${code})`)));
  });
}
