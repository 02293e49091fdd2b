// flambe library list|import|export|delete — the Library screen's operations for terminals and CI.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeExportFile } from '../services/owner-only.ts';
import { maskSecrets } from '../../shared/recording/secrets.ts';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeValidationError, listQuerySchema, type RecordingRow } from '../../shared/api.ts';
import { UserError, messageOf } from '../services/errors.ts';
import { Library } from '../services/library/library.ts';
import { resolveLibraryPath } from '../services/library/library-path.ts';
import { prepareImport } from '../services/library/files.ts';
import { startService } from './lazy-service.ts';
import { createGroupApi } from '../services/library/group-service.ts';
import { shortSummary } from '../../shared/library/groups.ts';
import { oneLine } from '../../shared/terminal-text.ts';
import { printLines } from './terminal.ts';
import { LIBRARY_HELP } from './help/library-help.ts';
import { groupThousands } from '../../shared/number-format.ts';

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

function parse(argv: string[], options: OptionSpec): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    const r = parseArgs({ args: argv, allowPositionals: true, options: { ...options, library: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
    return { values: r.values as Record<string, string | boolean | undefined>, positionals: r.positionals };
  } catch (e) {
    throw new UserError(`${(e as Error).message.split('. ')[0].replace(/\.$/, '')} (see "flambe library --help").`);
  }
}

function open(flag: unknown): Library {
  return new Library(resolveLibraryPath(typeof flag === 'string' ? flag : undefined));
}

const fmt = (n: number | null, digits = 0) => (n === null ? '—' : groupThousands(n, digits));

function table(rows: RecordingRow[]): string[] {
  const head = ['ID', 'NAME', 'CREATED', 'REQ/S', 'P99 MS', 'TAGS'];
  const body = rows.map((r) => [r.id.slice(0, 8), r.name, r.createdAt.slice(0, 16).replace('T', ' '), fmt(r.rps), fmt(r.p99Ms, 3), r.tags.join(',')].map(oneLine));
  const widths = head.map((h, i) => Math.min(48, Math.max(h.length, ...body.map((b) => b[i].length))));
  return [head, ...body].map((cols) => cols.map((c, i) => c.slice(0, widths[i]).padEnd(widths[i])).join('  ').trimEnd());
}

/** A group's full id, or a unique prefix of one; null when no group matches (then it is a recording's id). */
function resolveGroupId(lib: Library, given: string): string | null {
  if (lib.hasGroup(given)) return given;
  const matches = lib.listGroups().filter((g) => g.id.startsWith(given));
  if (matches.length > 1) throw new UserError(`"${given}" matches ${matches.length} experiments or sweeps: give more of the id.`);
  return matches[0]?.id ?? null;
}

const groupApiOf = (lib: Library) => createGroupApi({ needLibrary: () => lib, fetch: (id) => lib.get(id), metaOf: (id) => lib.meta(id), changed: () => {} });

async function listGroups(lib: Library, json: boolean): Promise<void> {
  // Names and summaries are made of what differed (DB_PASSWORD=… vs …): masked by the one rule (shared/recording/secrets.ts).
  const groups = maskSecrets(groupApiOf(lib).listGroups()).value;
  if (json) {
    process.stdout.write(JSON.stringify(groups.map((g) => ({
      id: g.id, kind: g.kind, name: g.name, createdAt: g.createdAt, status: g.status, detail: g.detail, summary: g.summary,
      members: g.members.map((m) => ({ recordingId: m.recordingId, label: m.label, round: m.round })),
    }))) + '\n');
    return;
  }
  if (!groups.length) {
    process.stdout.write('No experiments or sweeps in the library: run "flambe experiment … --save" or "flambe sweep … --save".\n');
    return;
  }
  const head = ['ID', 'KIND', 'NAME', 'CREATED', 'RECORDINGS', 'SUMMARY'];
  const body = groups.map((g) => [g.id.slice(0, 8), g.kind, g.name, g.createdAt.slice(0, 16).replace('T', ' '), String(g.members.length), shortSummary(g.summary, 80) ?? '—'].map(oneLine));
  const widths = head.map((h, i) => Math.min(48, Math.max(h.length, ...body.map((b) => b[i].length))));
  printLines(process.stdout, [head, ...body].map((cols) => cols.map((c, i) => c.slice(0, i === 5 ? 80 : widths[i]).padEnd(i === 5 ? 0 : widths[i])).join('  ').trimEnd()));
}

/** A full id, or a unique prefix of one (as `list` prints 8 characters). */
export function resolveId(lib: Library, given: string): string {
  if (lib.has(given)) return given;
  const matches = lib.list({ limit: 20_000 }).rows.filter((r) => r.id.startsWith(given));
  if (matches.length === 1) return matches[0].id;
  if (matches.length > 1) throw new UserError(`"${given}" matches ${matches.length} recordings: give more of the id.`);
  throw new UserError(`No recording with id "${given}" in the library.`);
}

async function list(argv: string[]): Promise<number> {
  const { values: o } = parse(argv, {
    json: { type: 'boolean' }, search: { type: 'string' }, tag: { type: 'string' }, sort: { type: 'string' }, asc: { type: 'boolean' }, limit: { type: 'string' },
    groups: { type: 'boolean' },
  });
  if (o.help) { process.stdout.write(LIBRARY_HELP); return 0; }
  if (o.groups) {
    const lib = open(o.library);
    try {
      await listGroups(lib, !!o.json);
    } finally {
      lib.close();
    }
    return 0;
  }
  const q = listQuerySchema.safeParse({ search: (o.search as string) ?? '', tag: o.tag, sort: o.sort, direction: o.asc ? 'asc' : 'desc', limit: o.limit ? Number(o.limit) : 20_000 });
  if (!q.success) throw new UserError(describeValidationError(q.error));
  const lib = open(o.library);
  try {
    const listed = lib.list(q.data);
    // A name may be made of what differed (an experiment's rounds: DB_PASSWORD=…): masked by the one rule.
    const { total, damaged = [] } = listed;
    const rows = maskSecrets(listed.rows).value;
    if (damaged.length) {
      const names = oneLine(damaged.map((d) => `${d.id.slice(0, 8)} "${d.name}" (${d.why})`).join(', '));
      process.stderr.write(`flambe: ${damaged.length} damaged recording${damaged.length === 1 ? ' was' : 's were'} skipped: ${names}.\n`);
    }
    if (o.json) {
      process.stdout.write(JSON.stringify(rows.map((r) => ({
        id: r.id, name: r.name, createdAt: r.createdAt, tags: r.tags, requests: r.requests, rps: r.rps, p99Ms: r.p99Ms, durationMs: r.durationMs,
      }))) + '\n');
    } else if (rows.length === 0) {
      process.stdout.write(total ? 'No recording matches.\n' : `The library ${lib.file} is empty: record with "flambe record … --save".\n`);
    } else {
      printLines(process.stdout, table(rows));
    }
  } finally {
    lib.close();
  }
  return 0;
}

async function importFiles(argv: string[]): Promise<number> {
  const { values: o, positionals: files } = parse(argv, {});
  if (o.help) { process.stdout.write(LIBRARY_HELP); return 0; }
  if (!files.length) throw new UserError('Name the files to import: flambe library import FILE...');
  // Read and check every file first: one broken file imports nothing.
  const contents = files.map((f) => {
    try {
      return readFileSync(f); // gzip, UTF-16 and pprof are read by the import (services/formats/gunzip.ts)
    } catch (e) {
      throw new UserError(`Could not read ${f}: ${(e as NodeJS.ErrnoException).code ?? messageOf(e)}.`);
    }
  });
  // Each file is parsed and imported once, here; then all are written.
  const prepared = files.map((f, i) => prepareImport(path.basename(f), contents[i]));
  const lib = open(o.library);
  try {
    for (const p of prepared) {
      // A group bundle: its recordings and the group, all or nothing; the group's id is printed.
      if (p.group) {
        process.stdout.write(`${groupApiOf(lib).saveImported(p).group.id}\n`);
        continue;
      }
      const { rec, packed } = p;
      if (lib.has(rec.id)) rec.id = randomUUID();
      const row = lib.save(rec, rec.settings ? 'recorded' : 'imported', packed);
      process.stdout.write(`${row.id}\n`);
    }
  } finally {
    lib.close();
  }
  return 0;
}

async function exportOne(argv: string[]): Promise<number> {
  const { values: o, positionals } = parse(argv, { out: { type: 'string' }, bundle: { type: 'boolean' }, 'include-secrets': { type: 'boolean' } });
  if (o.help) { process.stdout.write(LIBRARY_HELP); return 0; }
  if (positionals.length !== 1) throw new UserError('Name one recording: flambe library export ID --out FILE [--bundle] [--include-secrets]');
  const includeSecrets = !!o['include-secrets'];
  if (!o.out) throw new UserError('Say where to write it: --out FILE.');
  // The same export as the app's (service.exportRecording): one set of rules and sentences.
  const lib = open(o.library);
  let id: string;
  let groupId: string | null;
  try {
    groupId = resolveGroupId(lib, positionals[0]);
    id = groupId ?? resolveId(lib, positionals[0]);
  } finally {
    lib.close();
  }
  const service = await startService({ libraryPath: resolveLibraryPath(o.library as string | undefined), keepsUnsavedInMemory: false });
  try {
    // An experiment or a sweep is always one .flambe bundle of the group.
    const { content, note, holdsSecrets } = groupId
      ? await service.api.exportGroup({ id: groupId, includeSecrets })
      : await service.api.exportRecording({ id, format: o.bundle ? 'bundle' : 'cpuprofile', includeSecrets });
    writeExportFile(o.out as string, content, !!holdsSecrets);
    // Said on stderr: what the bundle masked ("…export with secrets included": --include-secrets).
    if (note) process.stderr.write(`${note.replace('export with secrets included', 'use --include-secrets')}\n`);
  } finally {
    await service.dispose();
  }
  return 0;
}

async function remove(argv: string[]): Promise<number> {
  const { values: o, positionals } = parse(argv, {});
  if (o.help) { process.stdout.write(LIBRARY_HELP); return 0; }
  if (positionals.length !== 1) throw new UserError('Name one recording to delete: flambe library delete ID');
  const lib = open(o.library);
  try {
    const groupId = resolveGroupId(lib, positionals[0]);
    if (groupId) {
      const g = lib.getGroup(groupId);
      lib.deleteGroup(groupId);
      process.stderr.write(`Deleted the ${g.kind} "${oneLine(g.name)}" and its ${g.members.length} recording${g.members.length === 1 ? '' : 's'}.\n`);
    } else {
      lib.delete(resolveId(lib, positionals[0]));
    }
  } finally {
    lib.close();
  }
  return 0;
}

export async function libraryCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'list': return list(rest);
    case 'import': return importFiles(rest);
    case 'export': return exportOne(rest);
    case 'delete': return remove(rest);
    case undefined: case '--help': case '-h': process.stdout.write(LIBRARY_HELP); return 0;
    default: throw new UserError(`Unknown library command "${sub}": use list, import, export or delete.`);
  }
}
