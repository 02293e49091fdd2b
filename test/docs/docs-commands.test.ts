// Commands shown in README and docs/ are commands the CLI takes: every
// `flambe <command> …` line names a command that exists and only options its
// `--help` lists; every `npm run X` names a script in package.json; every
// picture and every link to another page of the docs exists. The reference
// itself is generated (cli-reference.test.ts); this keeps the prose honest.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repo } from '../helpers/demo.ts';

const pages = ['README.md', ...readdirSync(path.join(repo, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const text = (page: string) => readFileSync(path.join(repo, page), 'utf8');

/** The lines of a page's ```sh blocks, continuation lines joined to the line they continue. */
export function shellLines(markdown: string): string[] {
  const lines: string[] = [];
  for (const block of markdown.matchAll(/```(?:sh|bash|shell)\n([^]*?)```/g)) {
    for (const raw of block[1].split('\n')) {
      const line = raw.replace(/\s+#\s.*$/, '');
      const last = lines.length - 1;
      // A synopsis continues on lines indented under its command; a shell line with a trailing backslash too.
      if (last >= 0 && (/^\s{4,}\S/.test(line) || lines[last].endsWith('\\')) && /flambe /.test(lines[last])) lines[last] = `${lines[last].replace(/\\$/, '')} ${line.trim()}`;
      else if (line.trim()) lines.push(line.trim());
    }
  }
  return lines;
}

/** `flambe <command> …` in a line (after any VAR=value and `npx`/`node bin/flambe.js` in front). */
export function flambeCommand(line: string): { command: string; options: string[] } | null {
  const m = /(?:^|\s|&&\s*)(?:flambe|node bin\/flambe\.js)\s+([a-z]+)\b(.*)$/.exec(line);
  if (!m) return null;
  // Options: tokens starting with - (not "--" alone, not negative numbers, not inside quotes).
  const rest = m[2].replace(/"[^"]*"|'[^']*'/g, ' ').split(/\s+--\s+/)[0];
  const options = [...rest.matchAll(/(?:^|[\s[(|])(--?[a-zA-Z][\w-]*)/g)].map((o) => o[1]);
  return { command: m[1], options: [...new Set(options)] };
}

const helpOf = new Map<string, string>();
function help(command: string): string {
  if (!helpOf.has(command)) helpOf.set(command, execFileSync(process.execPath, [path.join(repo, 'dist/node/cli.js'), command, '--help'], { encoding: 'utf8' }));
  return helpOf.get(command)!;
}

describe('commands in the docs', () => {
  const commands = pages.flatMap((page) => shellLines(text(page)).map((line) => ({ page, line, cmd: flambeCommand(line) })).filter((c) => c.cmd));

  it('finds the documented commands', () => {
    expect(commands.length).toBeGreaterThan(20);
  });

  it('every flambe command exists and takes the options shown', () => {
    const overview = execFileSync(process.execPath, [path.join(repo, 'dist/node/cli.js'), '--help'], { encoding: 'utf8' });
    const wrong: string[] = [];
    for (const { page, line, cmd } of commands) {
      const { command, options } = cmd!;
      if (command === 'help') continue;
      if (!new RegExp(`^  ${command} `, 'm').test(overview)) { wrong.push(`${page}: "${command}" is no command: ${line}`); continue; }
      const h = help(command);
      for (const o of options) if (!new RegExp(`(^|[\\s[(|,])${o.replace(/[-]/g, '\\-')}(?![\\w-])`, 'm').test(h)) wrong.push(`${page}: flambe ${command} has no ${o}: ${line}`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('every npm run names a script', () => {
    const scripts = JSON.parse(text('package.json')).scripts as Record<string, string>;
    const wrong = pages.flatMap((page) => shellLines(text(page)).flatMap((line) => [...line.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]).filter((s) => !(s in scripts)).map((s) => `${page}: npm run ${s}`)));
    expect(wrong).toEqual([]);
  });

  it('every picture and every link to a page of the docs exists', () => {
    const missing = pages.flatMap((page) => [...text(page).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1])
      .filter((target) => !/^[a-z]+:/.test(target))
      .filter((target) => !existsSync(path.join(repo, path.dirname(page), target)))
      .map((target) => `${page} → ${target}`));
    expect(missing).toEqual([]);
  });

  it('every picture in the docs is taken by an e2e test (docShot), so it shows today’s UI', () => {
    const e2e = readdirSync(path.join(repo, 'e2e')).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(path.join(repo, 'e2e', f), 'utf8')).join('\n');
    const pictures = pages.flatMap((page) => [...text(page).matchAll(/!\[[^\]]*\]\(([^)]+\.png)\)/g)].map((m) => path.basename(m[1], '.png')));
    expect(pictures.length).toBeGreaterThan(0);
    expect(pictures.filter((name) => !e2e.includes(`docShot(page, '${name}')`))).toEqual([]);
  });
});

describe('reading commands out of Markdown', () => {
  it('joins a synopsis and takes its options, not what is quoted or after --', () => {
    const md = '```sh\nflambe record (--launch SCRIPT | --pid PID)\n              --url URL [-c N] [-H "K: -x"]\nPORT=3000 flambe record --launch s.js -- --port 4 # a comment --nope\n```\n';
    const [a, b] = shellLines(md).map(flambeCommand);
    expect(a).toEqual({ command: 'record', options: ['--launch', '--pid', '--url', '-c', '-H'] });
    expect(b).toEqual({ command: 'record', options: ['--launch'] });
  });
});
