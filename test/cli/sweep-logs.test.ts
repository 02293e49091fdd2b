// `flambe sweep` on a server that logs (issue 38): the table gives log lines and
// bytes per request per level and per route, --json carries them, at the
// profiled level only ("–" and null elsewhere: not counted is not zero). The
// fixture's truth: /warn writes 3 lines per request, /quiet none.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repo, runFlambe } from '../helpers/demo.ts';

const server = path.join(repo, 'test/fixtures/log-server/server.js');
const args = ['sweep', '--launch', server, '--url', '/', '--route', 'GET /warn', '--route', 'GET /quiet', '-c', '1,2', '-d', '1', '--warmup', '0.2', '--profile-at', '1'];

describe('flambe sweep on a server that logs', () => {
  it('prints log lines and bytes per request per level and per route, and --json carries them', async () => {
    const text = await runFlambe(args, { timeoutMs: 90_000 });
    expect(text.code, text.stderr).toBe(0);
    // The level table: the profiled level's figures, "–" at the other.
    expect(text.stdout).toMatch(/Log lines\/req\s+Log bytes\/req/);
    // What it sent: the two routes on the server (issue 38's walk: the sweep's header named only its URL).
    expect(text.stdout).toMatch(/^URL {6}GET \/warn \+ GET \/quiet on http:\/\/127\.0\.0\.1:\d+$/m);
    expect(text.stdout).toMatch(/^\s*1\s.*\s1\.\d\d\s+\d+\s*$/m);
    expect(text.stdout).toMatch(/^\s*2\s.*\s–\s+–\s*$/m);
    // Per route: /warn about 3 lines per request, /quiet none.
    expect(text.stdout).toMatch(/^1\s+GET \/warn\s.*\s(2\.9\d|3\.0\d)\s+\d+\s*$/m);
    expect(text.stdout).toMatch(/^1\s+GET \/quiet\s.*\s0\.00\s+0\s*$/m);
    const o = JSON.parse((await runFlambe([...args, '--json'], { timeoutMs: 90_000 })).stdout);
    const [one, two] = o.levels;
    expect(Object.keys(one.output)).toEqual(['lines', 'bytes', 'linesPerRequest', 'bytesPerRequest']);
    expect(two.output).toBeNull();
    const warn = one.routes.find((r: { path: string }) => r.path === '/warn');
    expect(Math.abs(warn.logLinesPerRequest - 3)).toBeLessThan(0.15);
    expect(warn.logBytesPerRequest).toBeGreaterThan(50);
    expect(one.routes.find((r: { path: string }) => r.path === '/quiet')).toMatchObject({ logLinesPerRequest: 0, logBytesPerRequest: 0 });
    expect(two.routes[0]).not.toHaveProperty('logLinesPerRequest');
  }, 200_000);
});
