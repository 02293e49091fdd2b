// A launched script's addresses: record, sweep and overhead wait for the port
// it listens on when the user gave no --url (or only a path).
import type { TargetInfo } from '../../shared/api.ts';
import { UserError } from '../services/errors.ts';
import type { ProgressLine } from './format.ts';

/** A script that opens a second server (a stub, an admin port) a moment after its first: how long to look for more ports. */
const MORE_PORTS_MS = 1000;

/** Every address the script listens on, once it listens on one (and a moment more, for the others). */
export async function waitForSuggestedUrls(getTarget: (r: { targetId: string }) => Promise<TargetInfo>, targetId: string, line: ProgressLine): Promise<string[]> {
  line.status('Waiting for the script to listen on a port');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const t = await getTarget({ targetId });
    if (t.suggestedUrls.length) {
      await new Promise((r) => setTimeout(r, MORE_PORTS_MS));
      const later = await getTarget({ targetId });
      return later.suggestedUrls.length ? later.suggestedUrls : t.suggestedUrls;
    }
    if (!t.running) throw new UserError(`The script exited before it opened a server${t.lastError ? `: ${t.lastError}` : '.'}`);
    if (Date.now() > deadline) throw new UserError('The script has not opened a server after 10 seconds: give the address to load with --url.');
    await new Promise((r) => setTimeout(r, 250));
  }
}
