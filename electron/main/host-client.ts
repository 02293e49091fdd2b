// Main's side of the service host: numbers requests, matches replies,
// forwards events, restarts the host if it died, and disposes it on quit.
// The child is injected (utilityProcess in main.ts, a fake in the tests), so
// this file never imports `electron`.
import type { ApiMethod, FlambeEvent, InvokeOutcome } from '../../shared/api.ts';
import { internalErrorSentence } from '../../shared/api-sentences.ts';
import { isHostReply, type HostRequest } from '../service-host/protocol.ts';

/** The part of Electron's UtilityProcess the client uses. */
export interface HostChild {
  postMessage(message: HostRequest): void;
  onMessage(listener: (message: unknown) => void): void;
  onExit(listener: (code: number) => void): void;
  /** SIGTERM on POSIX. */
  kill(): void;
}

export interface ServiceHostClientOptions {
  spawn(): HostChild;
  onEvent(event: FlambeEvent): void;
  log?(line: string): void;
}

export class ServiceHostClient {
  private child: HostChild | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, (outcome: InvokeOutcome) => void>();
  private readonly exitWaiters = new Set<() => void>();
  private disposing: Promise<void> | null = null;
  private readonly opts: ServiceHostClientOptions;

  constructor(opts: ServiceHostClientOptions) {
    this.opts = opts;
  }

  /** Starts the host now rather than on the first call (it takes a moment to load). */
  start(): void {
    if (!this.disposing) this.ensureChild();
  }

  /** Sends one call to the host; resolves with its outcome, never rejects. */
  invoke(method: ApiMethod, arg: unknown): Promise<InvokeOutcome> {
    if (this.disposing) return Promise.resolve({ ok: false, error: { kind: 'user', message: 'Flambé is closing.' } });
    const child = this.ensureChild();
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      try {
        child.postMessage({ type: 'invoke', id, method, arg });
      } catch (e) {
        this.pending.delete(id);
        resolve({ ok: false, error: { kind: 'internal', message: internalErrorSentence(e) } });
      }
    });
  }

  /**
   * Asks the host to stop recordings and launched targets and exit; kills it
   * after `timeoutMs`. Resolves once it is gone (or given up on). Idempotent.
   */
  dispose(timeoutMs: number): Promise<void> {
    if (this.disposing) return this.disposing;
    const child = this.child;
    if (!child) return (this.disposing = Promise.resolve());
    this.disposing = new Promise<void>((resolve) => {
      // `done` runs only from the timer or the exit listener, both after `timer` is set.
      const done = () => {
        clearTimeout(timer);
        this.exitWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(() => {
        this.opts.log?.(`the service host did not stop within ${timeoutMs} ms; killing it`);
        try {
          child.kill();
        } finally {
          done();
        }
      }, timeoutMs);
      this.exitWaiters.add(done);
      try {
        child.postMessage({ type: 'dispose' });
      } catch {
        child.kill();
      }
    });
    return this.disposing;
  }

  private ensureChild(): HostChild {
    if (this.child) return this.child;
    const child = this.opts.spawn();
    child.onMessage((message) => this.onMessage(message));
    child.onExit((code) => this.onExit(child, code));
    this.child = child;
    return child;
  }

  private onMessage(message: unknown): void {
    if (!isHostReply(message)) {
      this.opts.log?.('ignored a malformed message from the service host');
      return;
    }
    if (message.type === 'event') {
      this.opts.onEvent(message.event);
      return;
    }
    const resolve = this.pending.get(message.id);
    if (!resolve) return;
    this.pending.delete(message.id);
    resolve(message.ok ? { ok: true, result: message.result } : { ok: false, error: message.error });
  }

  private onExit(child: HostChild, code: number): void {
    if (this.child !== child) return;
    this.child = null;
    if (!this.disposing) this.opts.log?.(`the service host exited unexpectedly (code ${code})`);
    const message = this.disposing
      ? 'Flambé is closing.'
      : `Flambé's background service stopped unexpectedly (exit code ${code}). Try again: it restarts by itself.`;
    for (const resolve of this.pending.values()) resolve({ ok: false, error: { kind: 'internal', message } });
    this.pending.clear();
    for (const waiter of [...this.exitWaiters]) waiter();
  }
}
