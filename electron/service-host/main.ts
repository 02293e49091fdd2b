// Entry of the service host: Electron's main starts it with
// utilityProcess.fork (bundled to dist/node/service-host.js), so the load
// burst, profile analysis and SQLite never run on the UI's main thread
// (docs/ARCHITECTURE.md "Nothing heavy on a UI thread"). Plain Node: no `electron`
// import here — a utility process only adds `process.parentPort`.
import { createFlambeService } from '../services/service.ts';
import { messageOf } from '../services/errors.ts';
import { resolveLibraryPath } from '../services/library/library-path.ts';
import { createHostDispatcher } from './dispatcher.ts';
import type { HostReply } from './protocol.ts';

/** The part of Electron's ParentPort this file uses (typed here to keep `electron` out). */
interface ParentPort {
  on(event: 'message', listener: (messageEvent: { data: unknown }) => void): unknown;
  postMessage(message: HostReply): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
if (!parentPort) {
  process.stderr.write('service-host: run me with Electron\'s utilityProcess.fork (for a terminal, use "npm run web" or the flambe CLI).\n');
  process.exit(1);
}

const log = (line: string) => process.stderr.write(`[flambe service host] ${line}\n`);
// The same library as `npm run web` and the CLI ($FLAMBE_LIBRARY, else the
// platform's data folder), so a recording made anywhere shows up everywhere.
const service = createFlambeService({ libraryPath: resolveLibraryPath(undefined), program: 'the Flambé app' });

service.onEvent((event) => {
  try {
    parentPort.postMessage({ type: 'event', event });
  } catch (e) {
    log(`could not forward the ${event.name} event: ${messageOf(e)}`);
  }
});

const dispatch = createHostDispatcher({
  service,
  send: (reply) => parentPort.postMessage(reply),
  exit: (code) => process.exit(code),
  log,
});

parentPort.on('message', ({ data }) => void dispatch(data));

// UtilityProcess.kill() sends SIGTERM (main's last resort when dispose takes
// too long): still try to stop launched targets rather than orphan them.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void dispatch({ type: 'dispose' }));
