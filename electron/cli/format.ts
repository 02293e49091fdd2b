// Terminal output for the CLI: a one-line progress bar on a TTY (plain phase
// lines elsewhere) and the human-readable load summary.
import type { LoadSummary, RecordingProgress } from '../../shared/api.ts';

export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) { n /= 1024; i++; }
  return `${n.toFixed(i ? 1 : 0)} ${units[i]}`;
}

const ms = (x: number) => `${x.toFixed(3)} ms`;

export function formatLoadSummary(l: LoadSummary): string[] {
  const codes = Object.entries(l.statusCodes).map(([c, n]) => `${c}×${n}`).join(' ');
  return [
    `Requests ${l.requests} in ${l.durationSec.toFixed(2)} s — ${Math.round(l.rps)} requests/s${l.stoppedEarly ? ' (stopped early)' : ''}`,
    `Latency  p50 ${ms(l.latencyMs.p50)}  p90 ${ms(l.latencyMs.p90)}  p99 ${ms(l.latencyMs.p99)}  max ${ms(l.latencyMs.max)}`,
    `Errors   ${l.errors} errors, ${l.timeouts} timeouts, ${l.non2xx} non-2xx${codes ? `  (status ${codes})` : ''}`,
    `Traffic  ${formatBytes(l.bytesPerSec)}/s`,
  ];
}

export class ProgressLine {
  private readonly stream: NodeJS.WriteStream;
  private readonly enabled: boolean;
  private readonly tty: boolean;
  private lastPhase = '';
  private shown = false;

  constructor(stream: NodeJS.WriteStream, enabled: boolean) {
    this.stream = stream;
    this.enabled = enabled;
    this.tty = !!stream.isTTY;
  }

  status(text: string): void {
    if (!this.enabled) return;
    if (this.tty) this.draw(text);
    else this.stream.write(`${text}\n`);
  }

  progress(p: RecordingProgress): void {
    if (!this.enabled) return;
    if (!this.tty) {
      if (p.phase !== this.lastPhase) this.stream.write(`${p.phase}: ${p.message}\n`);
      this.lastPhase = p.phase;
      return;
    }
    const width = 24;
    const filled = Math.round(p.fraction * width);
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(p.fraction * 100)).padStart(3)}%`;
    this.draw(`${bar} ${p.message}`);
  }

  /** The launched script's own output, printed above the progress line. */
  passThrough(text: string): void {
    if (!this.enabled) return;
    this.clear();
    this.stream.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  clear(): void {
    if (this.tty && this.shown) this.stream.write('\r\x1b[2K');
    this.shown = false;
  }

  private draw(text: string): void {
    const cols = this.stream.columns || 80;
    this.stream.write(`\r\x1b[2K${text.slice(0, cols - 1)}`);
    this.shown = true;
  }
}
