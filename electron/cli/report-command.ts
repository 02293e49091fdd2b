// flambe report: the report a team pastes into a wiki or a pull request, from
// saved recordings — a sweep, an experiment, one recording, or two compared —
// as Markdown with its charts and flamegraph as SVG files beside it, or as one
// self-contained HTML file. The content is shared/report's; this reads the
// library and writes the files.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RecordingMeta, SweepResult } from '../../shared/api.ts';
import { buildComparison } from '../../shared/compare/index.ts';
import { compareRoutes } from '../../shared/compare/routes.ts';
import type { ExperimentResult } from '../../shared/experiment/types.ts';
import { DEFAULT_SLOW_P75_MS } from '../../shared/load/slow-routes.ts';
import { importProfile, type Profile } from '../../shared/profile/index.ts';
import { verdictLines } from '../../shared/verdict/index.ts';
import { compareReport, experimentReport, recordingReport, sweepReport } from '../../shared/report/build-report.ts';
import { toHtml, toMarkdown, type ReportDoc } from '../../shared/report/doc.ts';
import { profileParts } from '../../shared/report/report-parts.ts';
import { UserError } from '../services/errors.ts';
import { svgToPng } from '../services/report/svg-to-png.ts';
import { makeOwnerOnlyFolder, writeExportFile } from '../services/owner-only.ts';
import { maskSecrets } from '../../shared/recording/secrets.ts';
import { libraryNoise } from '../services/compare/compare-noise.ts';
import { Library } from '../services/library/library.ts';
import { resolveLibraryPath } from '../services/library/library-path.ts';
import { loadRecording, roundOf, type Loaded } from './compare-command.ts';
import { resolveId } from './library-command.ts';
import { parseCommandArgs, positiveNumber } from './profile-input.ts';
import { recordingVerdict } from './verdict-lines.ts';
import { REPORT_HELP } from './help/report-help.ts';

export async function reportCommand(argv: string[]): Promise<number> {
  const { values: o, positionals: args } = parseCommandArgs('report', argv, {
    format: { type: 'string' }, out: { type: 'string' }, library: { type: 'string' }, 'slow-ms': { type: 'string' }, help: { type: 'boolean', short: 'h' },
  });
  if (o.help) {
    process.stdout.write(REPORT_HELP);
    return 0;
  }
  const format = (o.format as string | undefined) ?? 'md';
  if (format !== 'md' && format !== 'html') throw new UserError(`--format is md or html, not "${format}".`);
  if (args.length < 1 || args.length > 2) throw new UserError('Give what to report on: a recording id, a sweep or experiment id, or two recording ids (A then B).');
  const slowMs = positiveNumber(o['slow-ms'] as string | undefined, '--slow-ms') ?? DEFAULT_SLOW_P75_MS;
  const libraryPath = resolveLibraryPath(o.library as string | undefined);
  let lib: Library | null = null;
  const library = () => {
    if (!lib) {
      if (!existsSync(libraryPath)) throw new UserError(`There is no library at ${libraryPath}: give --library PATH.`);
      lib = new Library(libraryPath);
    }
    return lib;
  };
  try {
    const built = args.length === 2 ? comparedDoc(args[0], args[1], library, libraryPath) : oneDoc(args[0], library(), slowMs);
    // The one rule (shared/recording/secrets.ts) over the whole report, with the secrets of what it was made from: none is written.
    const { value: doc, masked } = maskSecrets(built.doc, { alsoFrom: built.from });
    write(doc, format, o.out as string | undefined, masked.length > 0);
    return 0;
  } finally {
    (lib as Library | null)?.close();
  }
}

function profileOf(l: Loaded): Profile | null {
  try {
    return l.profile ? importProfile(l.profile) : null;
  } catch {
    return null; // a profile the model refuses: the report keeps the load numbers
  }
}

/** A report, and what it was made from (where its secrets are found). */
interface Built { doc: ReportDoc; from: unknown }

function comparedDoc(argA: string, argB: string, library: () => Library, libraryPath: string): Built {
  const a = loadRecording(argA, library);
  const b = loadRecording(argB, library);
  const [ra, rb] = [roundOf(a), roundOf(b)];
  const noise = existsSync(libraryPath) ? libraryNoise(library(), ra.meta, rb.meta) : undefined;
  const c = buildComparison([ra], [rb], { noise });
  const routes = a.rec.load?.routes || b.rec.load?.routes ? compareRoutes([a.rec.load?.routes ?? []], [b.rec.load?.routes ?? []]) : null;
  const [pa, pb] = [profileOf(a), profileOf(b)];
  return { doc: compareReport(c, routes, a.rec, b.rec, { a: pa && profileParts(pa).flame, b: pb && profileParts(pb).flame }), from: [a.rec, b.rec] };
}

/** A group id (or its prefix) first, then a recording id. */
function oneDoc(given: string, lib: Library, slowMs: number): Built {
  const groups = lib.listGroups().filter((g) => g.id === given || g.id.startsWith(given));
  if (groups.length > 1) throw new UserError(`"${given}" matches ${groups.length} experiments and sweeps: give more of the id.`);
  if (groups.length === 1) {
    const g = lib.getGroup(groups[0].id);
    const meta = (id: string | undefined): RecordingMeta | null => (id && lib.has(id) ? lib.meta(id) : null);
    if (g.kind === 'sweep') {
      const s = g.data as SweepResult;
      const kept = new Set(g.members.map((m) => m.recordingId));
      const sweep = { ...s, levels: s.levels.filter((l) => kept.has(l.recordingId)) };
      const first = meta(sweep.levels[0]?.recordingId);
      return { doc: sweepReport(sweep, { slowMs, first }), from: [s, first] };
    }
    const e = g.data as ExperimentResult;
    const complete = e.rounds.filter((r) => r.complete && lib.has(r.recordingId));
    const routesOf = (v: 'A' | 'B') => complete.filter((r) => r.variant === v).map((r) => lib.meta(r.recordingId).load?.routes ?? []);
    const [ra, rb] = [routesOf('A'), routesOf('B')];
    const routes = [...ra, ...rb].some((x) => x.length) ? compareRoutes(ra, rb, true) : null;
    const first = meta(e.rounds[0]?.recordingId);
    return { doc: experimentReport(e, routes, first), from: [e, first] };
  }
  const id = resolveId(lib, given);
  const rec = lib.meta(id);
  const loaded: Loaded = { rec, profile: rec.hasProfile ? lib.profileBytes(id) : null };
  const profile = profileOf(loaded);
  const verdict = profile ? verdictLines(recordingVerdict({ ...rec, profile: null }, profile)) : [];
  return { doc: recordingReport(rec, profile && profileParts(profile), verdict, slowMs), from: rec };
}

/** Writes the report (and its charts); `holdsSecrets`: it masked something, so its files are the user's alone (0600). */
function write(doc: ReportDoc, format: 'md' | 'html', out: string | undefined, holdsSecrets: boolean): void {
  if (format === 'html') {
    const html = toHtml(doc);
    if (out) {
      writeExportFile(out, html, holdsSecrets);
      process.stderr.write(`Wrote ${out}\n`);
    } else process.stdout.write(html);
    return;
  }
  const { markdown, images } = toMarkdown(doc);
  if (!out) {
    process.stdout.write(markdown);
    if (images.length) process.stderr.write(`flambe: ${images.length} chart${images.length === 1 ? '' : 's'} left out: use --out FILE to write ${images.length === 1 ? 'it' : 'them'} beside the report.\n`);
    return;
  }
  const dir = path.dirname(path.resolve(out));
  makeOwnerOnlyFolder(dir);
  const stem = path.basename(out).replace(/\.(md|markdown)$/i, '');
  let text = markdown;
  const written: string[] = [];
  let noPng: string | null = null;
  for (const img of images) {
    // PNG, which every wiki and pull request shows; SVG only where this platform has no PNG renderer.
    const png: ReturnType<typeof svgToPng> | null = noPng ? null : svgToPng(img.svg);
    if (png && 'why' in png) noPng = png.why;
    const file = `${stem}-${png && 'png' in png ? img.file.replace(/\.svg$/, '.png') : img.file}`;
    writeExportFile(path.join(dir, file), png && 'png' in png ? png.png : img.svg, holdsSecrets);
    text = text.replace(`](${img.file})`, `](${encodeURI(file)})`);
    written.push(file);
  }
  writeExportFile(out, text, holdsSecrets);
  process.stderr.write(`Wrote ${out}${written.length ? ` and ${written.length} chart${written.length === 1 ? '' : 's'} beside it (${written.join(', ')})` : ''}\n`);
  if (noPng) process.stderr.write(`flambe: the charts are SVG, not PNG: ${noPng}.\n`);
}
