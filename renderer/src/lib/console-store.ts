// The output of launched targets, kept per target and capped by lines.
// Output arrives in coalesced chunks (about ten per second per stream), so it
// is stored as chunks, not lines: the console renders one <span> per chunk
// instead of one element per line, and trimming cuts the oldest chunk.

export type ConsoleStream = 'stdout' | 'stderr' | 'system';

export interface ConsoleChunk {
  id: number;
  stream: ConsoleStream;
  text: string;
}

const EMPTY: readonly ConsoleChunk[] = Object.freeze([]);

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  // A trailing partial line counts too.
  return text.length && !text.endsWith('\n') ? n + 1 : n;
}

/** Drops the first `lines` lines of a text. */
function dropLines(text: string, lines: number): string {
  let at = 0;
  for (let k = 0; k < lines; k++) {
    const nl = text.indexOf('\n', at);
    if (nl === -1) return '';
    at = nl + 1;
  }
  return text.slice(at);
}

export class ConsoleStore {
  private readonly chunks = new Map<string, readonly ConsoleChunk[]>();
  private readonly lineCounts = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private nextId = 1;
  private readonly maxLines: number;
  private readonly maxTargets: number;

  constructor(maxLines = 5000, maxTargets = 4) {
    this.maxLines = maxLines;
    this.maxTargets = maxTargets;
  }

  append(targetId: string, stream: ConsoleStream, text: string): void {
    if (!text) return;
    let list = [...(this.chunks.get(targetId) ?? EMPTY), { id: this.nextId++, stream, text }];
    let lines = (this.lineCounts.get(targetId) ?? 0) + countLines(text);
    while (lines > this.maxLines && list.length) {
      const first = list[0];
      const firstLines = countLines(first.text);
      const excess = lines - this.maxLines;
      if (firstLines <= excess) {
        list = list.slice(1);
        lines -= firstLines;
      } else {
        list = [{ ...first, text: dropLines(first.text, excess) }, ...list.slice(1)];
        lines -= excess;
      }
    }
    // Map order is insertion order: re-insert so the newest target is last.
    this.chunks.delete(targetId);
    this.chunks.set(targetId, list);
    this.lineCounts.set(targetId, lines);
    while (this.chunks.size > this.maxTargets) {
      const oldest = this.chunks.keys().next().value!;
      this.chunks.delete(oldest);
      this.lineCounts.delete(oldest);
    }
    this.notify();
  }

  clear(targetId: string): void {
    if (this.chunks.delete(targetId)) {
      this.lineCounts.delete(targetId);
      this.notify();
    }
  }

  /** The chunks of one target; the same array until that target's output changes. */
  get(targetId: string | null | undefined): readonly ConsoleChunk[] {
    return (targetId && this.chunks.get(targetId)) || EMPTY;
  }

  lineCount(targetId: string): number {
    return this.lineCounts.get(targetId) ?? 0;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify(): void {
    for (const l of this.listeners) l();
  }
}
