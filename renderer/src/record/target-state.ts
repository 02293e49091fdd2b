// The target the Record screen works with, as the app holds it (App.tsx owns
// the state; the record/ components read it). Its own file so that record/
// never imports App.tsx: no import cycle.
import type { TargetInfo } from '../../../shared/api.ts';

export interface TargetState {
  info: TargetInfo;
  /** Set once the process has exited (launched) or the inspector went away. */
  exit: { code: number | null; signal: string | null } | null;
  /** Launched with "Try the demo server": its routes are offered as quick picks. */
  isDemo: boolean;
}
