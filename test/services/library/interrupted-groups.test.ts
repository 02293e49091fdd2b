// A group still 'running' in the library: interrupted on the next open when
// its process is gone, left alone while its process still runs it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { Library } from '../../../electron/services/library/library.ts';
import type { StoredGroup } from '../../../electron/services/library/group-store.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-interrupted-groups-'));

const sweep = (id: string): StoredGroup => ({
  id, kind: 'sweep', name: 'Sweep /', createdAt: new Date().toISOString(), status: 'running', summary: null, detail: '1 connections',
  data: { id, name: 'Sweep /', createdAt: '', url: 'http://127.0.0.1/', levels: [{ connections: 1 }], knee: null, error: null }, members: [],
});

describe('groups left running', () => {
  it('stay running while the process that runs them is alive', () => {
    const file = path.join(dir, 'alive.sqlite');
    const lib = new Library(file);
    lib.saveGroup(sweep('s1')); // this process runs it
    const again = new Library(file);
    expect(again.getGroup('s1').status).toBe('running');
    lib.close();
    again.close();
  });

  it('become interrupted when that process is gone, saying what they finished', () => {
    const file = path.join(dir, 'dead.sqlite');
    new Library(file).close();
    // Written as a process that has since exited would have written it.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    const db = new DatabaseSync(file);
    db.prepare(`INSERT INTO groups (id, kind, name, created_at, status, summary, detail, data) VALUES ('s2', 'sweep', 'Sweep /', '2026-01-01', 'running', NULL, '', ?)`)
      .run(JSON.stringify({ ...sweep('s2').data as object, __flambeRunner: { pid: Number(dead), host: hostname() } }));
    db.close();
    const lib = new Library(file);
    const g = lib.getGroup('s2');
    expect(g.status).toBe('interrupted');
    expect(g.summary).toBe('Interrupted: the Flambé process running this sweep stopped (killed or crashed) after 1 level.');
    expect((g.data as { error: string }).error).toMatch(/after 1 level\. The levels it measured are kept\.$/);
    expect(g.data).not.toHaveProperty('__flambeRunner');
    lib.close();
  });
});
