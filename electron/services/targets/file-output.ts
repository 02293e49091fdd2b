// A launched script's stdout/stderr written to files instead of pipes, and
// tailed. Why: Node writes to files (and terminals) synchronously but to pipes
// asynchronously on POSIX, so under a pipe a console.log costs less than in
// the student's own terminal (nodejs.org/api/process.html#a-note-on-process-io).
// With files the measured cost is the one they see at home; Flambé still shows
// the output, by reading what the files gained every TAIL_MS.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, fstatSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const TAIL_MS = 100;
/** A flood (a logging server under load) is skipped down to its newest bytes, so tailing never competes with the target. */
const MAX_READ = 64 * 1024;

type Stream = 'stdout' | 'stderr';

export interface FileOutput {
  /** File descriptors to hand to spawn's stdio. */
  fds: { stdout: number; stderr: number };
  /** Starts tailing; call after spawn (the child holds its own copies of the fds). */
  start(onText: (stream: Stream, text: string) => void): void;
  /** Reads what is left, stops tailing and removes the files. */
  close(): void;
}

export function createFileOutput(): FileOutput {
  const dir = mkdtempSync(path.join(tmpdir(), 'flambe-output-'));
  const files = { stdout: path.join(dir, 'stdout.log'), stderr: path.join(dir, 'stderr.log') };
  const fds = { stdout: openSync(files.stdout, 'a'), stderr: openSync(files.stderr, 'a') };
  const readers = { stdout: openSync(files.stdout, 'r'), stderr: openSync(files.stderr, 'r') };
  const offsets = { stdout: 0, stderr: 0 };
  let timer: NodeJS.Timeout | null = null;
  let sink: ((stream: Stream, text: string) => void) | null = null;
  let closed = false;
  const decoders = { stdout: new TextDecoder(), stderr: new TextDecoder() };

  const poll = () => {
    for (const stream of ['stdout', 'stderr'] as const) {
      const size = fstatSync(readers[stream]).size;
      if (size <= offsets[stream]) continue;
      let skipped = 0;
      if (size - offsets[stream] > MAX_READ) {
        skipped = size - MAX_READ - offsets[stream];
        offsets[stream] = size - MAX_READ;
      }
      const buf = Buffer.alloc(size - offsets[stream]);
      const n = readSync(readers[stream], buf, 0, buf.length, offsets[stream]);
      offsets[stream] += n;
      const text = decoders[stream].decode(buf.subarray(0, n), { stream: true });
      sink?.(stream, (skipped ? `[… ${skipped} bytes of output skipped …]\n` : '') + text);
    }
  };

  return {
    fds,
    start(onText) {
      sink = onText;
      // The parent's write ends are not needed: the child has its own.
      closeSync(fds.stdout);
      closeSync(fds.stderr);
      timer = setInterval(() => { try { poll(); } catch { /* files gone: closing */ } }, TAIL_MS);
    },
    close() {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      try { poll(); } catch { /* best effort */ }
      for (const fd of Object.values(readers)) { try { closeSync(fd); } catch { /* already closed */ } }
      if (!sink) for (const fd of Object.values(fds)) { try { closeSync(fd); } catch { /* already closed */ } }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
