// The fence's self-test: every file under violations/ holds imports (or
// globals) a layer must refuse, each marked "✗" on its line, next to allowed
// ones. The real lint config and the real per-layer tsconfigs must flag
// exactly the marked lines — so a rule that stops firing fails here.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';

const repo = path.resolve(import.meta.dirname, '../..');
const dir = path.join(import.meta.dirname, 'violations');
const cases = (sub: string) => readdirSync(path.join(dir, sub)).map((f) => {
  const file = path.join(dir, sub, f);
  const text = readFileSync(file, 'utf8');
  const as = /^\/\/ as: (\S+)/.exec(text)?.[1];
  if (!as) throw new Error(`${f} does not say where it pretends to live`);
  const lines = text.split('\n');
  const marked = lines.flatMap((l, i) => (/\/\/ ✗/.test(l) ? [i + 1] : []));
  return { name: `${sub}/${f}`, file, text, as, lines, marked };
});

describe('the layer fence (eslint-rules/layers.js)', () => {
  const eslint = new ESLint({ cwd: repo });
  it.each(cases('imports'))('$name: every marked import is refused, and only those', async ({ text, as, marked }) => {
    const [result] = await eslint.lintText(text, { filePath: path.join(repo, as) });
    const fence = result.messages.filter((m) => m.ruleId === 'flambe/allowed-imports');
    expect(marked.length).toBeGreaterThan(0);
    expect(fence.map((m) => m.line).sort((a, b) => a - b)).toEqual(marked);
    expect(result.messages.filter((m) => m.ruleId !== 'flambe/allowed-imports')).toEqual([]);
  }, 60_000);

  it('the violations folder is left out of the normal lint (it would fail it)', async () => {
    expect(await eslint.isPathIgnored(path.join(dir, 'imports/shared.ts'))).toBe(true);
  });
});

describe('the per-layer type fences (tsconfig.shared/renderer/electron.json)', () => {
  it.each(cases('types'))('$name: every marked line fails to compile, and only those', ({ file, as, lines, marked }) => {
    const configFile = path.join(repo, as);
    const read = ts.readConfigFile(configFile, ts.sys.readFile);
    const config = ts.parseJsonConfigFileContent(read.config, ts.sys, repo, undefined, configFile);
    const ambient = config.fileNames.filter((f) => f.endsWith('.d.ts'));
    const program = ts.createProgram([file, ...ambient], { ...config.options, noEmit: true });
    const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(file));
    const byLine = new Map<number, string>();
    for (const d of diagnostics) {
      const line = d.file!.getLineAndCharacterOfPosition(d.start!).line + 1;
      byLine.set(line, ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    }
    expect([...byLine.keys()].sort((a, b) => a - b)).toEqual(marked);
    for (const line of marked) {
      const expected = /✗ (.*)$/.exec(lines[line - 1])![1];
      expect(byLine.get(line)).toContain(expected);
    }
  }, 60_000);
});
