// A child process run synchronously (execSync, spawnSync, execFileSync) inside a request: its time is the
// request's own code's on the collector's clock (the loop never let go), but the thread sat waiting for the
// program to end — 7.9 ms of a /health route's 9.7 ms "own CPU" was `git rev-parse` (issue 34). The profile's
// samples in those calls, within a route's requests, say how much: summarize.ts moves it from the route's own CPU
// to a wait on a child process, run synchronously, from the user's function that ran it.
import { frameBucket } from '../profile/buckets.ts';
import { isNodeInternal } from '../profile/classify.ts';
import type { Frame, Profile } from '../profile/model.ts';
import type { CodePlace } from '../recording/request-time.ts';

/** The 'child' part's target for a child process run synchronously (no command is known: the profile shows the call). */
export const SYNC_CHILD = 'run synchronously';

const isOwnCode = (f: Frame) => !!f.url && !isNodeInternal(f.url) && !f.url.includes('/node_modules/');

/**
 * For a sample's node: the user's function that ran a synchronous child process the sample is in (the first own frame
 * above Node's `*Sync` of child_process), a place with no function when none of the user's code is above it, or null
 * when the sample is in no such call. Memoized per node; iterative.
 */
export function syncChildReader(profile: Pick<Profile, 'frames' | 'nodeFrame' | 'nodeParent'>): (node: number) => CodePlace | null {
  const { frames, nodeFrame, nodeParent } = profile;
  const known = new Map<number, CodePlace | null>();
  return (node) => {
    const hit = known.get(node);
    if (hit !== undefined) return hit;
    let inChild = false;
    let out: CodePlace | null = null;
    for (let at = node; at >= 0; at = nodeParent[at]) {
      const f = frames[nodeFrame[at]];
      if (!inChild) inChild = frameBucket(f) === 'childProcess';
      else if (isOwnCode(f)) { out = { function: f.name, url: f.url, line: f.line }; break; }
    }
    if (inChild && !out) out = { function: '', url: '', line: 0 };
    known.set(node, out);
    return out;
  };
}
