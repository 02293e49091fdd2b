// Each frame's category and bucket, computed once per profile (a profile is never mutated).
import { frameBucket, type BucketId } from './buckets.ts';
import { classifyFrame, type FrameClass } from './classify.ts';
import type { Profile } from './model.ts';

const classCache = new WeakMap<Profile, { cls: FrameClass[]; bucket: (BucketId | null)[] }>();

export function frameClasses(profile: Profile) {
  let c = classCache.get(profile);
  if (!c) {
    const cls = profile.frames.map(classifyFrame);
    c = { cls, bucket: profile.frames.map((f, i) => frameBucket(f, cls[i])) };
    classCache.set(profile, c);
  }
  return c;
}

