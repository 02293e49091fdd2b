// `flambe sweep --save` keeps the sweep as one group, and `flambe library`
// lists, exports, imports and deletes groups — on real library files.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoScript, runFlambe } from '../helpers/demo.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-cli-groups-'));
const first = ['--library', path.join(dir, 'first.sqlite')];
const second = ['--library', path.join(dir, 'second.sqlite')];

describe('groups from the command line', () => {
  it('sweep --save keeps the levels as one group; export writes one .flambe; import brings the same group into another library; delete removes it with its levels', async () => {
    const swept = await runFlambe(['sweep', '--launch', demoScript, '--url', '/hello', '-c', '1,2', '-d', '0.5', '--warmup', '0', '--profile-at', '2', '--json', '--save', '--name', 'cli sweep', ...first]);
    expect(swept.code, swept.stderr).toBe(0);
    // The profiled level carries the process as record does (min/mean/max) and the growth verdict: null, half a second is too short to judge (issue 22 item 5).
    const levels = JSON.parse(swept.stdout).levels;
    expect(levels[0]).toMatchObject({ profiled: false, process: null, memory: null });
    expect(levels[1].process).toMatchObject({ cpuPercent: { min: expect.any(Number), mean: expect.any(Number), max: expect.any(Number) }, elu: { mean: expect.any(Number) }, rssMb: { max: expect.any(Number) } });
    expect(levels[1].process.heapUsedMb.min).toBeLessThanOrEqual(levels[1].process.heapUsedMb.max);
    expect(levels[1].memory).toEqual({ growth: null });
    const listed = await runFlambe(['library', 'list', '--groups', '--json', ...first]);
    const groups = JSON.parse(listed.stdout) as { id: string; kind: string; name: string; detail: string; members: { label: string }[] }[];
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ kind: 'sweep', name: 'cli sweep', detail: '1, 2 connections' });
    expect(groups[0].members.map((m) => m.label)).toEqual(['1', '2']);
    // The levels are not tagged any more: the group links them.
    expect((await runFlambe(['library', 'list', '--tag', 'sweep', '--json', ...first])).stdout.trim()).toBe('[]');

    const out = path.join(dir, 'sweep.flambe');
    const exported = await runFlambe(['library', 'export', groups[0].id.slice(0, 8), '--out', out, ...first]);
    expect(exported.code, exported.stderr).toBe(0);
    const imported = await runFlambe(['library', 'import', out, ...second]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout.trim()).toBe(groups[0].id);
    expect(JSON.parse((await runFlambe(['library', 'list', '--groups', '--json', ...second])).stdout)).toEqual(groups);

    const deleted = await runFlambe(['library', 'delete', groups[0].id, ...second]);
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).toBe('Deleted the sweep "cli sweep" and its 2 recordings.\n');
    expect(JSON.parse((await runFlambe(['library', 'list', '--json', ...second])).stdout)).toEqual([]);
    expect((await runFlambe(['library', 'list', '--groups', ...second])).stdout).toMatch(/^No experiments or sweeps in the library/);
  }, 60_000);
});
