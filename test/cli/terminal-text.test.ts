// Names from profiles and libraries reach the terminal as visible text: no
// escape sequence is obeyed (clear screen, OSC 52 clipboard writes) and a
// newline in a name cannot fake a table row — in analyze, diff, convert and
// library list, as a user runs them.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repo, runFlambe } from '../helpers/demo.ts';
import { guardTerminal } from '../../electron/cli/terminal.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-cli-terminal-'));
const EVIL = 'evil\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07\n  99.9  fake row';

/** A .cpuprofile whose hot function has a hostile name (500 samples of 1 ms). */
function hostileProfile(file: string, name: string): string {
  const frame = (functionName: string, url = '') => ({ functionName, url, scriptId: '1', lineNumber: 0, columnNumber: 0 });
  const nodes = [
    { id: 1, callFrame: frame('(root)'), children: [2] },
    { id: 2, callFrame: frame(name, `file:///app/${name}.js`), children: [] },
  ];
  writeFileSync(file, JSON.stringify({ nodes, startTime: 0, endTime: 500_000, samples: Array(500).fill(2), timeDeltas: Array(500).fill(1000) }));
  return file;
}

/** No control character but the newlines between rows. */
function expectPrintable(text: string): void {
  // eslint-disable-next-line no-control-regex
  expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  expect(text).not.toMatch(/^\s+99\.9\s+fake row/m);
}

beforeAll(() => {
  const cli = path.join(repo, 'dist/node/cli.js');
  // Only when there is none: the commands are chunks of their own now (cli.js no longer holds their help), and a
  // rebuild empties dist/node while the e2e files beside this one run browser mode from it.
  if (!existsSync(cli)) {
    execFileSync(process.execPath, ['scripts/build.js', '--node-only'], { cwd: repo, stdio: 'pipe' });
  }
}, 120_000);

describe('names printed safely', () => {
  it('flambe analyze shows a hostile function name escaped, on its own row', async () => {
    const r = await runFlambe(['analyze', hostileProfile(path.join(dir, 'a.cpuprofile'), EVIL)]);
    expect(r.code).toBe(0);
    expectPrintable(r.stdout);
    expect(r.stdout).toContain('evil\\x1b[2J\\x1b]52;c;cm0gLXJmIH4=\\x07\\n  99.9  fake row');
  });

  it('flambe diff does the same', async () => {
    const a = hostileProfile(path.join(dir, 'd1.cpuprofile'), EVIL);
    const b = hostileProfile(path.join(dir, 'd2.cpuprofile'), 'other');
    const diff = await runFlambe(['diff', a, b]);
    expect(diff.code).toBe(0);
    expectPrintable(diff.stdout);
    expect(diff.stdout).toContain('evil\\x1b[2J');
  });

  it('flambe library list shows a recording named by a hostile file name on one row', async () => {
    const library = path.join(dir, 'lib.db');
    const file = hostileProfile(path.join(dir, `${EVIL}.cpuprofile`), 'work');
    const imported = await runFlambe(['library', 'import', file, '--library', library]);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    const list = await runFlambe(['library', 'list', '--library', library]);
    expect(list.code).toBe(0);
    expectPrintable(list.stdout);
    expect(list.stdout.trim().split('\n')).toHaveLength(2); // the header and one recording
    expect(list.stdout).toContain('evil\\x1b[2J');
  });

  it('on a terminal, any other text written has its control characters escaped too', () => {
    const written: unknown[] = [];
    const stream = { isTTY: true, write: (chunk: unknown) => { written.push(chunk); return true; } } as unknown as NodeJS.WriteStream;
    guardTerminal(stream);
    stream.write(`Saved as "${EVIL}"\n`);
    const bytes = Buffer.from([0x1b, 0x5b]);
    stream.write(bytes);
    expect(written[0]).toBe('Saved as "evil\\x1b[2J\\x1b]52;c;cm0gLXJmIH4=\\x07\n  99.9  fake row"\n');
    expect(written[1]).toBe(bytes); // binary output (a pprof file on stdout) is left as is
  });
});
