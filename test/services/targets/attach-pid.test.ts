// Attach by pid: a real Node server started WITHOUT --inspect gets its
// inspector opened by Flambé (SIGUSR1), is confirmed by its pid over the
// protocol, and is profiled under real load. And every refusal, in one sentence.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFlambeService } from '../../../electron/services/service.ts';
import { recordRequestSchema, type FlambeEvent } from '../../../shared/api.ts';
import { importProfile, analyzeProfile } from '../../../shared/profile/index.ts';
import { demoScript, isAlive, waitFor } from '../../helpers/demo.ts';
import { listeningPortsOf } from '../../../electron/services/targets/processes.ts';
import { openInspectorOf } from '../../../electron/services/targets/attach-pid.ts';
import type { ExecutableLookup } from '../../../electron/services/targets/executable-path.ts';
import { machO, pe } from '../../helpers/program-files.ts';

const service = createFlambeService();
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
const children: ChildProcess[] = [];
afterAll(async () => {
  await service.dispose();
  for (const c of children) c.kill('SIGKILL');
});

/** Starts a process and waits for a line on its stderr matching `ready`; returns it and the match. */
async function start(args: string[], ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  // The demo says it listens on stdout, the inspector on stderr: both read.
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  child.stdout!.on('data', (d) => (err += d));
  const match = await waitFor(() => ready.exec(err), 15_000, `${args.join(' ')}: ${ready}`);
  return { child, match };
}

const unknownPid = () => {
  let pid = 4_000_000;
  while (isAlive(pid)) pid++;
  return pid;
};

describe('attach by pid', () => {
  it('lists this machine\'s Node processes with command line, cwd and user', async () => {
    const { child } = await start([demoScript], /listening on (http:\S+)/);
    const list = await service.api.listNodeProcesses({});
    const me = list.find((p) => p.pid === child.pid);
    expect(me).toMatchObject({ cwd: process.cwd(), user: expect.any(String) });
    expect(me!.command).toContain(demoScript);
    expect(list.some((p) => p.pid === process.pid)).toBe(false); // Flambé itself is not offered
  });

  it('opens the inspector of a server started without --inspect, confirms its pid and profiles it under load', async () => {
    // --inspect-port=0 (inspector still closed): the port comes from the OS, so the test never
    // competes for 9229, and Flambé must find the port among the process's new listening sockets.
    const { child, match } = await start(['--inspect-port=0', demoScript], /listening on (http:\S+)/);
    const t = await service.api.attachProcess({ pid: child.pid! });
    expect(t.pid).toBe(child.pid);
    expect(t.kind).toBe('attached');
    expect(t.label).toMatch(new RegExp(`^pid ${child.pid} \\(.*server\\.js`));
    expect(t.suggestedUrls).toContain(match[1]);
    const { recordingId } = await service.api.startRecording(recordRequestSchema.parse({
      targetId: t.targetId, warmupSec: 0, samplingIntervalUs: 500, load: { url: `${match[1]}json`, connections: 4, durationSec: 2 },
    }));
    await waitFor(() => events.find((e) => e.name === 'recordingDone' && e.payload.recordingId === recordingId), 60_000, 'recordingDone');
    const rec = await service.api.getRecording({ id: recordingId });
    expect(rec.error).toBeNull();
    expect(rec.load!.requests).toBeGreaterThan(20);
    const names = analyzeProfile(importProfile(await service.api.getProfile({ id: recordingId }))).functions.map((f) => f.name);
    expect(names).toContain('jsonRoute');
    await service.api.stopTarget({ targetId: t.targetId });
    expect(isAlive(child.pid!)).toBe(true); // detaching leaves the server running
    // Its inspector is open now: a second attach finds it without a signal.
    const again = await service.api.attachProcess({ pid: child.pid! });
    expect(again.pid).toBe(child.pid);
    await service.api.stopTarget({ targetId: again.targetId });
  });

  it('says why when the inspector cannot be opened: the port taken by another inspector', async () => {
    const { child: holder, match } = await start(['--inspect=127.0.0.1:0', '-e', 'setInterval(() => {}, 1000)'], /Debugger listening on ws:\/\/127\.0\.0\.1:(\d+)\//);
    const { child } = await start([`--inspect-port=${match[1]}`, demoScript], /listening on http/);
    await expect(service.api.attachProcess({ pid: child.pid! })).rejects.toThrow(
      new RegExp(`Port ${match[1]} is taken by the inspector of process ${holder.pid}, so process ${child.pid} could not open its own`));
    expect(isAlive(child.pid!)).toBe(true);
  });

  it('refuses, in one sentence, what it cannot attach to', async () => {
    const { child: guarded } = await start(['--disable-sigusr1', demoScript], /listening on http/);
    await expect(service.api.attachProcess({ pid: guarded.pid! })).rejects.toThrow(/was started with --disable-sigusr1: its inspector cannot be opened from outside/);
    expect(isAlive(guarded.pid!)).toBe(true); // never signalled: SIGUSR1 would have killed it
    const sleeper = spawn('sleep', ['30']);
    children.push(sleeper);
    await expect(service.api.attachProcess({ pid: sleeper.pid! })).rejects.toThrow(/is not a Node\.js process \(it runs sleep 30\)/);
    await expect(service.api.attachProcess({ pid: unknownPid() })).rejects.toThrow(/No process with id \d+ is running/);
    await expect(service.api.attachProcess({ pid: process.pid })).rejects.toThrow(/is Flambé itself/);
  });

  it('sends no signal to a program named node that is not Node (a copy of sleep)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'flambe-fake-node-'));
    copyFileSync('/bin/sleep', path.join(dir, 'node'));
    const fake = spawn(path.join(dir, 'node'), ['30']);
    children.push(fake);
    await waitFor(() => readFileSync(`/proc/${fake.pid}/cmdline`, 'utf8').startsWith(dir), 5000, 'the fake node');
    await expect(service.api.attachProcess({ pid: fake.pid! })).rejects.toThrow(
      new RegExp(`^Process ${fake.pid} \\(.*node 30\\) is named like Node, but its executable is not a build of Node .*: Flambé sends it no signal\\.$`));
    expect(isAlive(fake.pid!)).toBe(true); // SIGUSR1 would have killed it
  });

  // macOS and Windows, as far as this machine can play them: their commands answer with a generated
  // program file (no Node entry points), and the process asked about is a real copy of sleep named node.
  it('sends no signal where the executable, found the macOS or Windows way, is not Node; and none where it cannot be found', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'flambe-fake-node-'));
    copyFileSync('/bin/sleep', path.join(dir, 'node'));
    const fake = spawn(path.join(dir, 'node'), ['30']);
    children.push(fake);
    await waitFor(() => readFileSync(`/proc/${fake.pid}/cmdline`, 'utf8').startsWith(dir), 5000, 'the fake node');
    const macSleep = path.join(dir, 'sleep-macho');
    writeFileSync(macSleep, machO({ symbols: [{ name: '_main', defined: true }, { name: '_napi_module_register', defined: false }] }));
    const winSleep = path.join(dir, 'sleep.exe');
    writeFileSync(winSleep, pe(['main']));
    const asked: string[] = [];
    const mac: ExecutableLookup = { platform: 'darwin', run: async (cmd, args) => { asked.push(`${cmd} ${args.join(' ')}`); return cmd === 'ps' ? `${macSleep}\n` : ''; } };
    const win: ExecutableLookup = { platform: 'win32', run: async (cmd, args) => { asked.push(`${cmd} ${args.join(' ')}`); return `${winSleep}\r\n`; } };
    const notNode = new RegExp(`^Process ${fake.pid} \\(.*node 30\\) is named like Node, but its executable is not a build of Node .*: Flambé sends it no signal\\.$`);
    await expect(openInspectorOf(fake.pid!, { lookup: mac })).rejects.toThrow(notNode);
    await expect(openInspectorOf(fake.pid!, { lookup: win })).rejects.toThrow(notNode);
    expect(asked).toEqual([`ps -o comm= -p ${fake.pid}`, `powershell.exe -NoProfile -NonInteractive -Command (Get-Process -Id ${fake.pid}).Path`]);
    const hidden: ExecutableLookup = { platform: 'win32', run: async () => '' };
    await expect(openInspectorOf(fake.pid!, { lookup: hidden })).rejects.toThrow(
      new RegExp(`^Process ${fake.pid} \\(.*\\) is named like Node, but Windows did not say which executable it runs \\(another user's or an elevated process\\): Flambé sends it no signal\\.$`));
    await expect(openInspectorOf(fake.pid!, { lookup: { platform: 'freebsd', run: async () => '' } })).rejects.toThrow(
      new RegExp(`^Process ${fake.pid} \\(.*\\) is named like Node, but on this system \\(freebsd\\) Flambé cannot read which program it runs to confirm it, so it sends it no signal: start the process with --inspect and attach to its host and port\\.$`));
    expect(isAlive(fake.pid!)).toBe(true); // SIGUSR1 would have killed it
  });

  it('refuses a thread id, naming the process it belongs to, and opens nothing', async () => {
    const { child } = await start(['--inspect-port=0', '-e',
      "new (require('node:worker_threads').Worker)('setInterval(() => {}, 1000)', { eval: true }).on('online', () => console.error('worker online')); setInterval(() => {}, 1000)"],
    /worker online/);
    const threads = readdirSync(`/proc/${child.pid}/task`).map(Number).filter((t) => t !== child.pid);
    expect(threads.length).toBeGreaterThan(0);
    const before = await listeningPortsOf(child.pid!);
    await expect(service.api.attachProcess({ pid: threads[0] })).rejects.toThrow(
      new RegExp(`^${threads[0]} is a thread of process ${child.pid} \\(.*\\), not a process: use the process id ${child.pid}\\.$`));
    await new Promise((r) => setTimeout(r, 500));
    expect(await listeningPortsOf(child.pid!)).toEqual(before); // no inspector opened
  });

  it('says what happened when the application handles SIGUSR1 itself, and leaves no inspector open', async () => {
    const { child } = await start(['--inspect-port=0', '-e',
      "process.on('SIGUSR1', () => console.error('rotated the logs')); console.error('ready'); setInterval(() => {}, 1000)"], /ready/);
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    await expect(service.api.attachProcess({ pid: child.pid! })).rejects.toThrow(
      new RegExp(`^Process ${child.pid} did not open its inspector within 6 seconds\\. If the application handles SIGUSR1 itself \\(to rotate its logs, for example\\), that handler ran instead`));
    expect(err).toContain('rotated the logs');
    expect(await listeningPortsOf(child.pid!)).toEqual([]);
    expect(isAlive(child.pid!)).toBe(true);
  }, 20_000);

  it('afterwards, nothing any of these processes runs listens on 9229', async () => {
    // Each was started with its inspector port chosen by the OS or given; one that Flambé signalled and left
    // open on Node's default port would be a door for any local user.
    for (const c of children.filter((x) => x.pid && isAlive(x.pid))) {
      const ports = await listeningPortsOf(c.pid!);
      expect(ports, c.spawnargs.join(' ')).not.toContain(9229);
    }
  });

  // A process in its own pid namespace (a container) reports another pid over the protocol than the
  // one Flambé signalled: Flambé cannot confirm it, so the inspector it opened is closed again.
  const canUnshare = (() => { try { execFileSync('unshare', ['--pid', '--fork', 'true']); return true; } catch { return false; } })();
  it.skipIf(!canUnshare)('closes again an inspector it opened and could not confirm (a process in a pid namespace)', async () => {
    const wrapper = spawn('unshare', ['--pid', '--fork', '--kill-child', process.execPath, '--inspect-port=0', '-e', "console.error('ready'); setInterval(() => {}, 1000)"],
      { stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(wrapper);
    let err = '';
    wrapper.stderr!.on('data', (d) => (err += d));
    await waitFor(() => err.includes('ready'), 15_000, 'the namespaced node');
    const pid = Number(readFileSync(`/proc/${wrapper.pid}/task/${wrapper.pid}/children`, 'utf8').trim());
    await expect(service.api.attachProcess({ pid })).rejects.toThrow(
      new RegExp(`^Process ${pid} opened its inspector on port \\d+ but Flambé could not confirm it there, so Flambé closed it again\\.$`));
    expect(await listeningPortsOf(pid)).toEqual([]);
    expect(err).toMatch(/Debugger listening on/); // it had been opened
  });
});
