// The process an experiment's variant runs in: launched through the service,
// waited for until it listens, stopped between rounds when A and B differ by
// env, arguments or script. A copy of the same script the user started earlier
// (step 1 of the Record screen) may hold the port the script always opens:
// when the launch fails and such a copy runs, it is stopped, once, and the
// launch tried again.
import path from 'node:path';
import type { FlambeApi, LaunchSpec } from '../../../shared/api.ts';
import { UserError, messageOf } from '../errors.ts';
import type { VariantPlan } from './plan.ts';

const LISTEN_WAIT_MS = 10_000;

/** The service's calls an experiment makes: its variants' targets and its rounds' recordings (runner.ts's ExperimentDeps['api']). */
export type ExperimentApi = Pick<FlambeApi, 'launchTarget' | 'getTarget' | 'stopTarget' | 'listTargets' | 'stopRecording' | 'demoServer'>;

export interface Launched {
  ports: number[];
  /** Where its output went: a file Flambé tails (like a terminal), or a pipe. */
  output: 'file' | 'pipe';
}

export class VariantTarget {
  /** The target of the last launch, until it is stopped. */
  current: string | null = null;

  private readonly api: ExperimentApi;

  constructor(api: ExperimentApi) {
    this.api = api;
  }

  async isRunning(): Promise<boolean> {
    return this.current ? this.api.getTarget({ targetId: this.current }).then((t) => t.running, () => false) : false;
  }

  async stop(): Promise<void> {
    if (!this.current) return;
    const t = this.current;
    this.current = null;
    await this.api.stopTarget({ targetId: t }).catch(() => undefined);
  }

  /** `onTwin`: says that an earlier copy of the script is being stopped to free its port. */
  async launch(v: VariantPlan, onTwin: (twin: { label: string; pid: number }) => void): Promise<Launched> {
    try {
      return await this.launchOnce(v);
    } catch (e) {
      const twin = await this.runningCopyOf(v.launch!);
      if (!twin) throw e;
      onTwin(twin);
      await this.api.stopTarget({ targetId: twin.targetId }).catch(() => undefined);
      return this.launchOnce(v);
    }
  }

  /** Another running process of the same script, launched by Flambé (not this experiment's). */
  private async runningCopyOf(l: LaunchSpec): Promise<{ targetId: string; label: string; pid: number } | null> {
    const script = path.resolve(l.cwd || process.cwd(), l.script);
    const { targets } = await this.api.listTargets({}).catch(() => ({ targets: [] }));
    const twin = targets.find((t) => t.kind === 'launched' && t.running && t.targetId !== this.current && t.argv[1] && path.resolve(t.argv[1]) === script);
    return twin ? { targetId: twin.targetId, label: twin.label, pid: twin.pid } : null;
  }

  private async launchOnce(v: VariantPlan): Promise<Launched> {
    const info = await this.api.launchTarget(v.launch!).catch((e: unknown) => {
      throw new UserError(`Variant ${v.key} (${v.variant.name}) could not start: ${messageOf(e)}`);
    });
    this.current = info.targetId;
    const output = info.stdio?.tailedFile ? 'file' : 'pipe';
    const deadline = Date.now() + LISTEN_WAIT_MS;
    for (;;) {
      const t = await this.api.getTarget({ targetId: info.targetId });
      if (t.listeningPorts.length) return { ports: t.listeningPorts, output };
      if (!t.running) throw new UserError(`Variant ${v.key} (${v.variant.name}) exited as it started${t.lastError ? `: ${t.lastError}` : '.'}`);
      if (Date.now() > deadline) throw new UserError(`Variant ${v.key} (${v.variant.name}) did not open a port within ${LISTEN_WAIT_MS / 1000} s: is it a server?`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
