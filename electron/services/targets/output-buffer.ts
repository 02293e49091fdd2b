// A server that logs every request can print tens of thousands of lines a
// second. Output is coalesced into one event per stream every 100 ms, and a
// flood keeps only the newest 64 KB of each interval.
const FLUSH_MS = 100;
const MAX_CHUNK = 64 * 1024;

type Stream = 'stdout' | 'stderr';

export class OutputBuffer {
  private readonly pending: Record<Stream, string[]> = { stdout: [], stderr: [] };
  private readonly sizes: Record<Stream, number> = { stdout: 0, stderr: 0 };
  private readonly dropped: Record<Stream, number> = { stdout: 0, stderr: 0 };
  private timer: NodeJS.Timeout | null = null;
  private readonly sink: (stream: Stream, text: string) => void;

  constructor(sink: (stream: Stream, text: string) => void) {
    this.sink = sink;
  }

  push(stream: Stream, text: string): void {
    const chunks = this.pending[stream];
    chunks.push(text);
    this.sizes[stream] += text.length;
    while (this.sizes[stream] > MAX_CHUNK && chunks.length > 1) {
      const old = chunks.shift()!;
      this.sizes[stream] -= old.length;
      this.dropped[stream] += old.length;
    }
    this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const stream of ['stdout', 'stderr'] as const) {
      if (this.pending[stream].length === 0) continue;
      const skipped = this.dropped[stream];
      const text = (skipped ? `[… ${skipped} characters of output skipped …]\n` : '') + this.pending[stream].join('');
      this.pending[stream] = [];
      this.sizes[stream] = 0;
      this.dropped[stream] = 0;
      this.sink(stream, text);
    }
  }
}
