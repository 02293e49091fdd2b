// The real service host (electron/service-host/main.ts) under plain Node,
// with a stand-in for Electron's process.parentPort (fixtures/utility-harness.mjs):
// the message protocol end to end, and no orphan target after dispose or SIGTERM.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DemoServerInfo, TargetInfo } from '../../shared/api.ts';
import type { InvokeOutcome } from '../../shared/api.ts';
import type { HostReply, HostRequest } from '../../electron/service-host/protocol.ts';

const harness = path.join(import.meta.dirname, 'fixtures/utility-harness.mjs');
const hosts: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const h of hosts.splice(0)) if (h.exitCode === null) h.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function startHost() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'flambe-host-'));
  dirs.push(dir);
  const child = fork(harness, [], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], env: { ...process.env, FLAMBE_LIBRARY: path.join(dir, 'library.sqlite') } });
  hosts.push(child);
  const waiting = new Map<number, (o: InvokeOutcome) => void>();
  const events: string[] = [];
  child.on('message', (m: HostReply) => {
    if (m.type === 'event') events.push(m.event.name);
    else waiting.get(m.id)?.(m.ok ? { ok: true, result: m.result } : { ok: false, error: m.error });
  });
  let nextId = 1;
  const send = (m: HostRequest) => child.send(m);
  const invoke = (method: string, arg: unknown) => new Promise<InvokeOutcome>((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    send({ type: 'invoke', id, method, arg });
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, invoke, send, exited, events };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function launchDemo(host: ReturnType<typeof startHost>): Promise<TargetInfo> {
  const demo = await host.invoke('demoServer', {});
  expect(demo.ok).toBe(true);
  const { script, cwd } = (demo as { result: DemoServerInfo }).result;
  const launched = await host.invoke('launchTarget', { script, cwd });
  expect(launched).toMatchObject({ ok: true, result: { kind: 'launched', running: true } });
  return (launched as { result: TargetInfo }).result;
}

describe('the service host', () => {
  it('answers calls, refuses bad input in a sentence, and stops its targets on dispose', async () => {
    const host = startHost();
    expect(await host.invoke('getTarget', { targetId: '' })).toMatchObject({ ok: false, error: { kind: 'user' } });
    expect(await host.invoke('nope', {})).toEqual({ ok: false, error: { kind: 'user', message: 'There is no API method "nope".' } });
    const target = await launchDemo(host);
    expect(isAlive(target.pid)).toBe(true);

    host.send({ type: 'dispose' });
    expect(await host.exited).toBe(0);
    expect(isAlive(target.pid)).toBe(false);
    expect(host.events).toContain('targetExit');
  });

  it('stops its targets when killed with SIGTERM (UtilityProcess.kill)', async () => {
    const host = startHost();
    const target = await launchDemo(host);
    host.child.kill('SIGTERM');
    expect(await host.exited).toBe(0);
    expect(isAlive(target.pid)).toBe(false);
  });
});
