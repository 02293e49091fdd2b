// What attaching by pid says, on every side (CLI, app, services), and how a
// typed pid is read.

/**
 * Said before Flambé signals a process. Node opens its inspector on SIGUSR1
 * unless the application listens for SIGUSR1 itself (log rotation, for
 * example): then its listener runs instead and the inspector stays closed.
 * Nothing outside the process can tell which — Node always catches SIGUSR1,
 * so /proc's SigCgt shows it caught either way — hence the warning first.
 */
export const SIGUSR1_NOTICE =
  'If its inspector is not open yet, Flambé sends it SIGUSR1 and Node opens it — unless the application handles SIGUSR1 itself (to rotate its logs, for example): then that handler runs instead and the inspector stays closed.';

/** A pid as typed: plain decimal digits only ("0x10", "1e3", "16.0" and " 16" are not pids). */
export function parsePid(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const pid = Number(text);
  return pid <= 0x7fffffff ? pid : null;
}
