// kill -9 in the middle of an experiment and of a sweep, through the CLI
// against a real server: the next open of the library marks the group
// "interrupted" with what it finished, its recordings stay in it, the file
// passes PRAGMA integrity_check, and the group can be exported and deleted.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { flambeBin, runFlambe, waitFor } from '../helpers/demo.ts';
import { Library } from '../../electron/services/library/library.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-interrupted-'));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const c of started) try { process.kill(-c.pid!, 'SIGKILL'); } catch { /* gone */ }
});

/** `flambe …` in a process group of its own, so kill -9 takes the servers it launched too. */
function startFlambe(args: string[]): ChildProcess {
  const child = spawn(process.execPath, [flambeBin, ...args], { detached: true, stdio: 'ignore' });
  started.push(child);
  return child;
}

/** Members of the group the running CLI is saving, read beside it (SQLite allows that). */
function members(library: string): { status: string; count: number } | null {
  try {
    const db = new DatabaseSync(library, { readOnly: true });
    try {
      const g = db.prepare('SELECT status, (SELECT COUNT(*) FROM group_members m WHERE m.group_id = g.id) AS count FROM groups g').get() as { status: string; count: number } | undefined;
      return g ?? null;
    } finally {
      db.close();
    }
  } catch {
    return null; // not created yet
  }
}

function integrity(library: string): string {
  const db = new DatabaseSync(library, { readOnly: true });
  try {
    return (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check;
  } finally {
    db.close();
  }
}

async function groupsOf(library: string) {
  const r = await runFlambe(['library', 'list', '--groups', '--json', '--library', library]);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as { id: string; kind: string; status: string; summary: string; members: { recordingId: string }[] }[];
}

/**
 * Waits, without giving the event loop a turn, until the kernel says `pid` is
 * dead: a zombie (state Z) that Node has not reaped yet, or gone. Node reaps
 * its children on its loop, so what is read right after sees the zombie.
 */
function untilDeadNotReaped(pid: number): string {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    let state: string;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      state = stat.slice(stat.lastIndexOf(')') + 2)[0];
    } catch {
      return 'gone';
    }
    if (state === 'Z' || state === 'X') return 'zombie';
  }
  throw new Error(`process ${pid} still runs 10 s after kill -9`);
}

/** Export and delete work on the interrupted group like on any other. */
async function exportAndDelete(library: string, id: string, recordings: number) {
  const out = path.join(dir, `${id}.flambe`);
  const exported = await runFlambe(['library', 'export', id, '--out', out, '--library', library]);
  expect(exported.code).toBe(0);
  const copy = path.join(dir, `copy-${id}.sqlite`);
  const imported = await runFlambe(['library', 'import', out, '--library', copy]);
  expect(imported.code).toBe(0);
  const [back] = await groupsOf(copy);
  expect(back.status).toBe('interrupted');
  expect(back.members).toHaveLength(recordings);
  const deleted = await runFlambe(['library', 'delete', id, '--library', library]);
  expect(deleted.code).toBe(0);
  expect(await groupsOf(library)).toEqual([]);
  const list = await runFlambe(['library', 'list', '--json', '--library', library]);
  expect(JSON.parse(list.stdout)).toEqual([]); // its recordings went with it
}

describe('kill -9 mid-work, then the library is opened again', () => {
  it('an experiment is marked interrupted, with the rounds it finished', async () => {
    const library = path.join(dir, 'experiment.sqlite');
    const cli = startFlambe(['experiment', '--demo', '--a-url', '/log', '--b-url', '/hello', '--rounds', '10', '-d', '1', '--warmup', '0', '-c', '2',
      '--no-profile', '--save', '--library', library]);
    const seen = await waitFor(() => { const m = members(library); return m && m.count >= 2 ? m : null; }, 90_000, 'two rounds saved');
    expect(seen.status).toBe('running');
    // A reader that opened the library before the kill (the app, browser mode) reads it honestly from its first read after.
    const reader = new Library(library);
    try {
      expect(reader.listGroups()[0].status).toBe('running');
      process.kill(-cli.pid!, 'SIGKILL');
      expect(untilDeadNotReaped(cli.pid!)).toBe('zombie');
      const [first] = reader.listGroups();
      expect(first.status).toBe('interrupted');
      expect(first.summary).toMatch(/^Interrupted: the Flambé process running this experiment stopped \(killed or crashed\) after \d+ of 20 rounds\.$/);
      expect((reader.getGroup(first.id).data as { status: string }).status).toBe('interrupted');
    } finally {
      reader.close();
    }
    await waitFor(() => cli.exitCode !== null || cli.signalCode !== null, 10_000, 'the CLI to die');

    const [g] = await groupsOf(library);
    expect(g.kind).toBe('experiment');
    expect(g.status).toBe('interrupted');
    const rounds = g.members.length;
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(g.summary).toBe(`Interrupted: the Flambé process running this experiment stopped (killed or crashed) after ${rounds} of 20 rounds.`);
    expect(integrity(library)).toBe('ok');
    await exportAndDelete(library, g.id, rounds);
  }, 180_000);

  it('a sweep keeps its finished levels as one group, marked interrupted', async () => {
    const server = http.createServer((_q, s) => s.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
      const library = path.join(dir, 'sweep.sqlite');
      const cli = startFlambe(['sweep', '--no-profile', '--url', url, '-c', '1,2,3,4,5,6', '-d', '1', '--warmup', '0', '--save', '--library', library]);
      await waitFor(() => { const m = members(library); return m && m.count >= 1 ? m : null; }, 60_000, 'the first level saved');
      process.kill(-cli.pid!, 'SIGKILL');
      await waitFor(() => cli.exitCode !== null || cli.signalCode !== null, 10_000, 'the CLI to die');

      const [g] = await groupsOf(library);
      expect(g.kind).toBe('sweep');
      expect(g.status).toBe('interrupted');
      const levels = g.members.length;
      expect(levels).toBeGreaterThanOrEqual(1);
      expect(levels).toBeLessThan(6);
      expect(g.summary).toBe(`Interrupted: the Flambé process running this sweep stopped (killed or crashed) after ${levels} level${levels === 1 ? '' : 's'}.`);
      expect(integrity(library)).toBe('ok');
      const recordings = JSON.parse((await runFlambe(['library', 'list', '--json', '--library', library])).stdout) as unknown[];
      expect(recordings).toHaveLength(levels); // no loose levels outside the group
      await exportAndDelete(library, g.id, levels);
    } finally {
      server.close();
    }
  }, 120_000);
});
