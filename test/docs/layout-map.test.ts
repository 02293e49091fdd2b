// docs/layout.md's "Feature → folders" map (issue 37 item 1): any feature is
// one hop from its name. The map stays true: every path it names exists, every
// folder of the four layers' roots is in it, a feature's own folder in shared/
// and electron/services/ carries the feature's name, and every file at the
// root of shared/ and electron/services/ is placed in the infrastructure table
// (a new loose file needs a decision, written down).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repo } from '../helpers/demo.ts';

const LAYERS = ['shared', 'electron/services', 'electron/cli', 'renderer/src'];

interface MapRow { table: 'feature' | 'infrastructure'; name: string; cells: string[][] }

/** The rows of the section's tables: name, then each layer's backticked paths (one list per layer, in LAYERS order). */
export function parseLayoutMap(markdown: string): MapRow[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Feature → folders'));
  if (!section) throw new Error('docs/layout.md has no "## Feature → folders" section');
  const rows: MapRow[] = [];
  let table: MapRow['table'] | undefined;
  for (const line of section.split('\n')) {
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length !== LAYERS.length + 1 || /^-+$/.test(cells[0])) continue;
    if (cells[0] === 'feature' || cells[0] === 'infrastructure') {
      table = cells[0];
      const columns = LAYERS.map((l) => `\`${l}/\``).join(' | ');
      if (cells.slice(1).join(' | ') !== columns) throw new Error(`the ${table} table's columns must be ${columns}`);
      continue;
    }
    if (!table) continue;
    rows.push({ table, name: cells[0], cells: cells.slice(1).map((c) => [...c.matchAll(/`([^`]+)`/g)].map((m) => m[1])) });
  }
  return rows;
}

const CODE = /\.(ts|tsx|js|cjs|mjs)$/;
const isTest = (f: string) => /\.test\.tsx?$/.test(f);
const hasCode = (dir: string): boolean => readdirSync(dir, { withFileTypes: true })
  .some((e) => (e.isDirectory() ? hasCode(path.join(dir, e.name)) : CODE.test(e.name)));

function rootEntries(layer: string) {
  const entries = readdirSync(path.join(repo, layer), { withFileTypes: true });
  return {
    folders: entries.filter((e) => e.isDirectory() && hasCode(path.join(repo, layer, e.name))).map((e) => `${e.name}/`),
    files: entries.filter((e) => e.isFile() && CODE.test(e.name) && !isTest(e.name)).map((e) => e.name),
  };
}

describe('docs/layout.md: feature → folders', () => {
  const rows = parseLayoutMap(readFileSync(path.join(repo, 'docs/layout.md'), 'utf8'));
  const named = (layer: number) => new Set(rows.flatMap((r) => r.cells[layer]));

  it('reads both tables (the parser works)', () => {
    expect(rows.filter((r) => r.table === 'feature').length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.table === 'infrastructure').length).toBeGreaterThan(3);
    expect(parseLayoutMap('## Feature → folders\n| feature | `shared/` | `electron/services/` | `electron/cli/` | `renderer/src/` |\n|---|---|---|---|---|\n| x | `x/` | — | `a.ts`, `b.ts` | — |\n'))
      .toEqual([{ table: 'feature', name: 'x', cells: [['x/'], [], ['a.ts', 'b.ts'], []] }]);
  });

  it('names only paths that exist', () => {
    const missing = rows.flatMap((r) => r.cells.flatMap((paths, i) => paths.map((p) => `${LAYERS[i]}/${p}`)))
      .filter((p) => !existsSync(path.join(repo, p)));
    expect(missing).toEqual([]);
  });

  it('names every folder at the root of each layer', () => {
    const unnamed = LAYERS.flatMap((layer, i) => rootEntries(layer).folders.filter((f) => !named(i).has(f)).map((f) => `${layer}/${f}`));
    expect(unnamed).toEqual([]);
  });

  it('places every file at the root of shared/ and electron/services/', () => {
    const loose = [0, 1].flatMap((i) => rootEntries(LAYERS[i]).files.filter((f) => !named(i).has(f)).map((f) => `${LAYERS[i]}/${f}`));
    expect(loose).toEqual([]);
  });

  it('gives a feature one name across shared/ and electron/services/: its own folder there is named after it', () => {
    const misnamed = rows.filter((r) => r.table === 'feature').flatMap((r) => {
      const feature = r.name.split(' ')[0];
      return [0, 1].flatMap((i) => r.cells[i].filter((p) => /^[^/]+\/$/.test(p) && p !== `${feature}/`).map((p) => `${r.name}: ${LAYERS[i]}/${p}`));
    });
    expect(misnamed).toEqual([]);
  });
});
