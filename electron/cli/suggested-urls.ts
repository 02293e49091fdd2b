// A launched script's addresses: record, sweep and overhead wait for the port
// it listens on when the user gave no --url (or only a path).
import type { TargetInfo } from '../../shared/api.ts';
import { UserError } from '../services/errors.ts';
import type { ProgressLine } from './terminal-output.ts';

/**
 * A script that opens a second server (a stub, an admin port) a moment after its first: its ports are read until
 * they have stayed the same for SETTLED_MS, for at most MORE_PORTS_MS. A fixed 1 s wait cost every recording a second;
 * a second server opened from the first one's listen callback appears within a few milliseconds.
 */
const SETTLED_MS = 300;
const MORE_PORTS_MS = 1000;
const POLL_MS = 100;

/** Every address the script listens on, once it listens on one (and a moment more, for the others). */
export async function waitForSuggestedUrls(getTarget: (r: { targetId: string }) => Promise<TargetInfo>, targetId: string, line: ProgressLine): Promise<string[]> {
  line.status('Waiting for the script to listen on a port');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const t = await getTarget({ targetId });
    if (t.suggestedUrls.length) return settledUrls(getTarget, targetId, t.suggestedUrls);
    if (!t.running) throw new UserError(`The script exited before it opened a server${t.lastError ? `: ${t.lastError}` : '.'}`);
    if (Date.now() > deadline) throw new UserError('The script has not opened a server after 10 seconds: give the address to load with --url.');
    await sleep(POLL_MS);
  }
}

async function settledUrls(getTarget: (r: { targetId: string }) => Promise<TargetInfo>, targetId: string, first: string[]): Promise<string[]> {
  const end = Date.now() + MORE_PORTS_MS;
  let urls = first;
  let sameSince = Date.now();
  while (Date.now() - sameSince < SETTLED_MS && Date.now() < end) {
    await sleep(POLL_MS);
    const now = (await getTarget({ targetId })).suggestedUrls;
    if (now.length && now.join() !== urls.join()) {
      urls = now;
      sameSince = Date.now();
    }
  }
  return urls;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
