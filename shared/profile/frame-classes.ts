// Each frame's category and bucket, computed once per profile (a profile is never mutated).
import { frameBucket, type BucketId } from './buckets.ts';
import { classifyFrame, type FrameClass } from './classify.ts';
import type { Profile } from './model.ts';
import { splitOnlyPatterns } from './line-scan.ts';

/** How V8 names a pattern's compiled code: "RegExp: \\s+". */
const REGEXP_FRAME = 'RegExp: ';

const classCache = new WeakMap<Profile, { cls: FrameClass[]; bucket: (BucketId | null)[] }>();

export function frameClasses(profile: Profile) {
  let c = classCache.get(profile);
  if (!c) {
    const cls = profile.frames.map(classifyFrame);
    // V8's compiled code of a pattern the hot lines use only to split on a simple separator is the split's work:
    // string work, charged to the function that splits (issue 35: `split(/\s+/)` was "regular expressions").
    const splitOnly = splitOnlyPatterns(profile.sourceLines);
    c = { cls, bucket: profile.frames.map((f, i) => (splitOnly.has(f.name.slice(REGEXP_FRAME.length)) && f.name.startsWith(REGEXP_FRAME) ? null : frameBucket(f, cls[i]))) };
    classCache.set(profile, c);
  }
  return c;
}

