// Issue 32: no secret leaves the library unless asked. One secret of every
// kind is planted through a real recording, a real experiment and a real
// sweep of a tiny node:http server, then every output path a user can share
// (bundles, reports md/html, every --json, library list, CLI stdout/stderr)
// is searched for each planted value: the table of what leaked is empty.
// The library keeps them (it must, to re-run); --include-secrets keeps them.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runFlambe, type RunResult } from '../helpers/demo.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-secrets-'));
const library = path.join(dir, 'library.sqlite');
const lib = ['--library', library];
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// .cjs: a package.json with "type": "module" somewhere above the temporary folder must not change what it is.
const server = path.join(dir, 'server.cjs');
writeFileSync(server, "require('node:http').createServer((req, res) => res.end('ok')).listen(0, '127.0.0.1');\n");

/** One value of every kind of secret, each unlike anything else in an output. */
const SECRETS = {
  'environment variable (API_TOKEN)': 'envtok-5f1c2a9',
  'password in a URL in an environment value': 'pgpw-8d3e1b7',
  'password in a URL argument': 'argurlpw-2c6f0e',
  'Authorization header': 'authhdr-91b7c4',
  'Cookie header': 'cookieval-3a9e71',
  'X-Api-Key header': 'apikeyhdr-66d0aa',
  '?token= in the load URL': 'qrytok-6c2d08f',
  '--secret= argument': 'argsec-4b8f2e1',
  '--password x argument': 'argpw-7e1d93c',
  'variant environment (DB_PASSWORD) and the name made of it': 'hunter2-a7c1e5',
  'password in a JSON body (-b)': 'bodypw-3f9a2d',
  'token= in a form body (-b @FILE)': 'formtok-8e2b6c',
} as const;
const S = SECRETS;

const target = [
  '--launch', server, '--env', `API_TOKEN=${S['environment variable (API_TOKEN)']}`,
  '--env', `DATABASE_URL=postgres://app:${S['password in a URL in an environment value']}@127.0.0.1:5432/db`,
];
const scriptArgs = ['--', `--secret=${S['--secret= argument']}`, '--password', S['--password x argument'], `postgres://app:${S['password in a URL argument']}@127.0.0.1/db`];
const url = ['--url', `/?token=${S['?token= in the load URL']}&page=2`];
// (experiment takes no headers: its load is the URL alone)
const load = [
  ...url,
  '-H', `Authorization: Bearer ${S['Authorization header']}`, '-H', `Cookie: sid=${S['Cookie header']}`, '-H', `X-Api-Key: ${S['X-Api-Key header']}`,
];
const short = ['-c', '2', '--warmup', '0'];
// A JSON body given on the command line (record) and a form body read from a file (sweep).
const jsonBody = ['-m', 'POST', '-b', JSON.stringify({ user: 'ann', password: S['password in a JSON body (-b)'] })];
const formFile = path.join(dir, 'form-body.txt');
writeFileSync(formFile, `user=ann&token=${S['token= in a form body (-b @FILE)']}&next=%2F`);
const formBody = ['-m', 'POST', '-b', `@${formFile}`];

/** Every output, by the path a user sees it through, and its text. */
const outputs = new Map<string, string>();
function keep(name: string, run: RunResult): RunResult {
  expect(run.code, `${name}: ${run.stderr}`).toBe(0);
  outputs.set(`${name} (stdout)`, run.stdout);
  outputs.set(`${name} (stderr)`, run.stderr);
  return run;
}
function keepFile(name: string, file: string): void {
  outputs.set(name, readFileSync(file, 'latin1'));
  // Everything beside it (the Markdown report's charts) is an output too.
  for (const f of readdirSync(path.dirname(file))) {
    if (f.startsWith(`${path.basename(file)}-`)) outputs.set(`${name} + ${f}`, readFileSync(path.join(path.dirname(file), f), 'latin1'));
  }
}

/** Which planted values an output still holds: "output × secret kind". */
function leaks(): string[] {
  const found: string[] = [];
  for (const [name, text] of outputs) {
    for (const [kind, value] of Object.entries(SECRETS)) if (text.includes(value)) found.push(`${name} × ${kind}`);
  }
  return found;
}

/** The closing note's table: each secret kind, how many of the outputs still hold it, and which. */
function leakTable(): string {
  const rows = Object.entries(SECRETS).map(([kind, value]) => {
    const holders = [...outputs].filter(([, text]) => text.includes(value)).map(([name]) => name);
    return `| ${kind} | ${holders.length} of ${outputs.size} | ${holders.join(', ') || '—'} |`;
  });
  return ['| secret kind | outputs holding it | which |', '|---|---|---|', ...rows].join('\n');
}

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe('secrets stay in the library', () => {
  it('no planted secret reaches a bundle, a report, a --json, library list or the terminal; --include-secrets keeps them', async () => {
    keep('record', await runFlambe(['record', ...target, ...load, ...jsonBody, '-d', '1', ...short, '--save', '--name', 'planted', ...lib, ...scriptArgs]));
    keep('record --json', await runFlambe(['record', ...target, ...load, ...jsonBody, '-d', '1', ...short, '--json', ...scriptArgs]));
    keep('experiment --json', await runFlambe([
      'experiment', ...target, ...url, '-d', '0.5', ...short, '--rounds', '2', '--no-profile', '--save', '--json', ...lib,
      '--a-env', `DB_PASSWORD=${S['variant environment (DB_PASSWORD) and the name made of it']}`, '--b-env', 'DB_PASSWORD=other-b9d3', ...scriptArgs,
    ]));
    keep('sweep --json', await runFlambe(['sweep', ...target, ...load, ...formBody, '-c', '1,2', '-d', '0.5', '--warmup', '0', '--profile-at', '2', '--save', '--json', ...lib, ...scriptArgs]));

    const rows = JSON.parse(keep('library list --json', await runFlambe(['library', 'list', '--json', ...lib])).stdout) as { id: string; name: string }[];
    keep('library list', await runFlambe(['library', 'list', ...lib]));
    const groups = JSON.parse(keep('library list --groups --json', await runFlambe(['library', 'list', '--groups', '--json', ...lib])).stdout) as { id: string; kind: string }[];
    keep('library list --groups', await runFlambe(['library', 'list', '--groups', ...lib]));
    const recording = rows.find((r) => r.name === 'planted')!.id;
    const experiment = groups.find((g) => g.kind === 'experiment')!.id;
    const sweep = groups.find((g) => g.kind === 'sweep')!.id;

    const modes: string[] = [];
    const files: Record<string, string[]> = {
      'recording bundle': ['library', 'export', recording, '--bundle'],
      'experiment bundle': ['library', 'export', experiment],
      'sweep bundle': ['library', 'export', sweep],
      'recording report.md': ['report', recording],
      'recording report.html': ['report', recording, '--format', 'html'],
      'experiment report.md': ['report', experiment],
      'experiment report.html': ['report', experiment, '--format', 'html'],
      'sweep report.md': ['report', sweep],
      'sweep report.html': ['report', sweep, '--format', 'html'],
      'compare report.md': ['report', recording, rows.find((r) => r.id !== recording)!.id],
    };
    for (const [name, args] of Object.entries(files)) {
      const file = path.join(mkdtempSync(path.join(dir, 'out-')), name.replace(/ /g, '-'));
      keep(name, await runFlambe([...args, '--out', file, ...lib]));
      keepFile(name, file);
      modes.push(`${name} ${modeOf(file)}`);
    }
    keep('report to stdout', await runFlambe(['report', experiment, ...lib]));
    keep('compare --json', await runFlambe(['compare', recording, rows.find((r) => r.id !== recording)!.id, '--json', ...lib]));

    // Item 3: a bundle imported and exported again still says what was masked.
    const second = ['--library', path.join(dir, 'second.sqlite')];
    const firstBundle = path.join(dir, 'first.flambe');
    await runFlambe(['library', 'export', recording, '--bundle', '--out', firstBundle, ...lib]);
    const imported = keep('library import', await runFlambe(['library', 'import', firstBundle, ...second])).stdout.trim().split('\n')[0];
    const again = path.join(dir, 'again.flambe');
    keep('re-export of an import', await runFlambe(['library', 'export', imported, '--bundle', '--out', again, ...second]));
    keepFile('re-exported bundle', again);

    // The closing note of issue 32 prints this table (FLAMBE_PRINT_LEAKS=1): every row 0 once masked.
    if (process.env.FLAMBE_PRINT_LEAKS) console.log(`outputs × secrets (${outputs.size} outputs):\n${leakTable()}`);
    expect(leaks()).toEqual([]);
    // A file with something masked is the user's alone (issue 32 item 2).
    expect(modes).toEqual(Object.keys(files).map((name) => `${name} 600`));
    const firstMasked = JSON.parse(readFileSync(firstBundle, 'utf8')).masked as string[];
    expect(firstMasked.length).toBeGreaterThan(5);
    expect(JSON.parse(readFileSync(again, 'utf8')).masked).toEqual(firstMasked);

    // The sentence is true for the file it describes: it names as many values as the file masked.
    for (const bundle of ['recording bundle', 'experiment bundle', 'sweep bundle']) {
      const said = Number(/Masked (\d+) values/.exec(outputs.get(`${bundle} (stderr)`)!)?.[1]);
      expect(said, bundle).toBe((JSON.parse(outputs.get(bundle)!) as { masked: string[] }).masked.length);
    }

    // Asked for: every planted value of the recording stays, and the file is the user's alone.
    const whole = path.join(dir, 'whole.flambe');
    expect((await runFlambe(['library', 'export', recording, '--bundle', '--include-secrets', '--out', whole, ...lib])).code).toBe(0);
    const wholeText = readFileSync(whole, 'utf8');
    for (const [kind, value] of Object.entries(SECRETS)) if (!kind.startsWith('variant') && !kind.includes('form body')) expect(wholeText, kind).toContain(value);
    expect(modeOf(whole)).toBe('600');
  }, 180_000);

  it('a sentence that quotes what was given (an unreachable URL with ?token=) says it masked', async () => {
    const token = 'unreachtok-55e0c1';
    const r = await runFlambe(['record', '--no-profile', '--url', `http://127.0.0.1:1/?token=${token}`, '-d', '1', '-c', '1', '--warmup', '0']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('token=(masked)');
    expect(r.stdout + r.stderr).not.toContain(token);
    // Any refusal (electron/cli/main.ts prints them) masks what it quotes: here a file name.
    const refused = await runFlambe(['compare', path.join(dir, `missing?token=${token}`), 'b']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('token=(masked)');
    expect(refused.stderr).not.toContain(token);
  }, 60_000);
});
