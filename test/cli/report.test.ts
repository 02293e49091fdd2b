// flambe report as a team uses it: a sweep saved in a library becomes the
// wiki page (its tables, the slow route, the charts beside it), an experiment
// the pull request's before/after — with the environment's secrets masked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repo, runFlambe } from '../helpers/demo.ts';
import { startLoadServer, type LoadServer } from '../services/load/load-server.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-report-'));
const library = path.join(dir, 'library.sqlite');
const loadServer = path.join(repo, 'test/fixtures/load-server/server.js');

/** The rows of the Markdown table whose header row starts with `head`. */
function tableAfter(md: string, head: string): string[][] {
  const lines = md.split('\n');
  const i = lines.findIndex((l) => l.startsWith(head));
  expect(i, `a table headed "${head}"`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (let j = i + 2; j < lines.length && lines[j].startsWith('|'); j++) rows.push(lines[j].slice(1, -1).split(' | ').map((c) => c.trim()));
  return rows;
}

async function groupId(kind: string): Promise<string> {
  const r = await runFlambe(['library', 'list', '--groups', '--json', '--library', library]);
  return (JSON.parse(r.stdout) as { id: string; kind: string }[]).find((g) => g.kind === kind)!.id;
}

describe('flambe report', () => {
  let server: LoadServer;
  beforeAll(async () => { server = await startLoadServer(); });
  afterAll(() => server?.stop());

  it('of a sweep: the load per level, every route at every level, the slow route, and the charts beside it', async () => {
    const sweep = await runFlambe(['sweep', '--no-profile', '--url', `${server.base}/`, '--route', 'GET /hello', '--route', 'GET /wait?ms=120',
      '-c', '1,2,4', '-d', '1', '--warmup', '0', '--save', '--library', library, '--name', 'Team sweep']);
    expect(sweep.code).toBe(0);
    const out = path.join(dir, 'sweep.md');
    const r = await runFlambe(['report', (await groupId('sweep')).slice(0, 8), '--library', library, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`Wrote ${out} and 2 charts beside it (sweep-sweep.png, sweep-routes-p95.png)\n`);
    const md = readFileSync(out, 'utf8');
    expect(md.startsWith('# Team sweep\n')).toBe(true);
    // Its answer: the knee, or that a busy machine cannot tell (each level read the machine, issue 38).
    expect(md).toMatch(/\n(Saturated past|Not saturated yet|Near its limit|The machine was busy, so Flambé cannot tell whether the server saturated)[^\n]* Measured /);
    expect(tableAfter(md, '| Connections | Requests | Req/s |').map((row) => row[0])).toEqual(['1', '2', '4']);
    const routes = tableAfter(md, '| Connections | Route |');
    expect(routes.map((row) => `${row[0]} ${row[1]}`)).toEqual(['1 GET /hello', '1 GET /wait?ms=120', '2 GET /hello', '2 GET /wait?ms=120', '4 GET /hello', '4 GET /wait?ms=120']);
    // min ≤ p50 ≤ p75 ≤ p90 ≤ p95 ≤ p99 ≤ max on every row.
    for (const row of routes) {
      const p = row.slice(4, 11).map(Number);
      expect([...p].sort((x, y) => x - y)).toEqual(p);
    }
    expect(md).toContain('- GET /wait?ms=120 passes 100 ms at p75 from 1 connection (');
    expect(tableAfter(md, '| Connections | Slower than 100 ms at p75 |').map((row) => row[1].replace(/ \(.*/, ''))).toEqual(['GET /wait?ms=120', 'GET /wait?ms=120', 'GET /wait?ms=120']);
    expect(md).toContain('![Requests/s and p95 latency at each number of connections](sweep-sweep.png)');
    // PNG files, which every wiki shows: drawn at twice the charts' size, with their lines and text in them (not a blank image).
    for (const file of ['sweep-sweep.png', 'sweep-routes-p95.png']) {
      const png = readFileSync(path.join(dir, file));
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(1000); // width
      expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(300); // height
      expect(png.length).toBeGreaterThan(8000);
    }
    expect(md).toMatch(/## How sure\n\nEach level is one run of 1 s/);
  });

  it('of an experiment: the verdict, A against B with how sure, the rounds, the settings with the secret masked', async () => {
    const e = await runFlambe(['experiment', '--launch', loadServer, '--env', 'API_TOKEN=hunter2-secret', '--env', 'MODE=fast', '--a-url', '/hello', '--b-url', '/heavy?ms=2',
      '--rounds', '2', '-c', '2', '-d', '0.5', '--warmup', '0', '--save', '--library', library], { timeoutMs: 120_000 });
    expect(e.code).toBe(0);
    const r = await runFlambe(['report', await groupId('experiment'), '--library', library]);
    expect(r.code).toBe(0);
    const md = r.stdout;
    const load = tableAfter(md, '|  | A | B | Change | % | How sure |');
    expect(load.map((row) => row[0])).toEqual(expect.arrayContaining(['requests/s', 'p50 ms', 'p99 ms']));
    // 2 ms of CPU per request against none: B serves fewer requests/s.
    const rps = load.find((row) => row[0] === 'requests/s')!;
    // Thousands are grouped with a space (shared/number-format.ts).
    const num = (cell: string) => Number(cell.replace(/ /g, ''));
    expect(num(rps[2])).toBeLessThan(num(rps[1]));
    expect(tableAfter(md, '| # | Variant |').map((row) => row[1]).sort()).toEqual(['A 1', 'A 2', 'B 1', 'B 2']);
    expect(md).toMatch(/## How sure\n\n\S/);
    // One rule, one mark: reports write (masked) as bundles do (shared/recording/secrets.ts).
    expect(md).toContain('API_TOKEN=(masked)');
    expect(md).toContain('MODE=fast');
    expect(md).not.toContain('hunter2');
    expect(r.stderr).toBe('flambe: 1 chart left out: use --out FILE to write it beside the report.\n');
  }, 150_000);

  it.each([
    [['report'], 'flambe: Give what to report on: a recording id, a sweep or experiment id, or two recording ids (A then B).\n'],
    [['report', 'x', '--format', 'pdf'], 'flambe: --format is md or html, not "pdf".\n'],
  ])('%j: one sentence', async (args, message) => {
    const r = await runFlambe([...args, '--library', library]);
    expect(r.stderr).toBe(message);
    expect(r.code).toBe(1);
  });
});
