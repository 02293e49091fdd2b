// The newest output of a target, kept by the service so a UI that reloads
// (browser mode) or opens later finds the console as it was, not blank.
const MAX_CHARS = 64 * 1024;

export type OutputStream = 'stdout' | 'stderr';

export class OutputTail {
  private chunks: { stream: OutputStream; text: string }[] = [];
  private size = 0;

  push(stream: OutputStream, text: string): void {
    this.chunks.push({ stream, text });
    this.size += text.length;
    while (this.size > MAX_CHARS && this.chunks.length > 1) this.size -= this.chunks.shift()!.text.length;
  }

  read(): { stream: OutputStream; text: string }[] {
    return this.chunks.map((c) => ({ ...c }));
  }
}
