// The numbers stored with each recording about its profile (the Library's
// split bar, its duration column), from ONE import of the profile through
// shared/profile — nothing else computes profile numbers.
import { importProfile } from '../../../shared/profile/import.ts';
import { summarizeProfile, type ProfileSummary } from '../../../shared/profile/summary.ts';

export function summarizeRawProfile(rawProfile: unknown): ProfileSummary | null {
  return rawProfile ? summarizeProfile(importProfile(rawProfile)) : null;
}
