// flambe diff: what changed between two profiles, function by function, in %
// of each profile's time (and CPU ms per 1000 requests when both counts are given).
import { printLines } from './terminal.ts';
import path from 'node:path';
import { diffProfiles, type DiffRow, type ProfileDiff } from '../../shared/profile/index.ts';
import { UserError } from '../services/errors.ts';
import { parseCommandArgs, positionals, positiveInt, positiveNumber, readProfileFile } from './profile-input.ts';
import { duration, ms, pct, signedPct, table } from './table.ts';
import { DIFF_HELP } from './help/diff-help.ts';

export async function diffCommand(argv: string[]): Promise<number> {
  const { values: o, positionals: args } = parseCommandArgs('diff', argv, {
    json: { type: 'boolean' }, top: { type: 'string' }, 'requests-a': { type: 'string' }, 'requests-b': { type: 'string' }, help: { type: 'boolean', short: 'h' },
  });
  if (o.help) {
    process.stdout.write(DIFF_HELP);
    return 0;
  }
  const [fileA, fileB] = positionals(args, 2, 'the two profiles to compare (A, then B)', 'diff');
  const top = positiveInt(o.top, '--top');
  const requestsBefore = positiveNumber(o['requests-a'], '--requests-a');
  const requestsAfter = positiveNumber(o['requests-b'], '--requests-b');
  if ((requestsBefore === undefined) !== (requestsAfter === undefined)) throw new UserError('Give both --requests-a and --requests-b, or neither.');
  const before = readProfileFile(fileA).profile;
  const after = readProfileFile(fileB).profile;
  const d = diffProfiles(before, after, { requestsBefore, requestsAfter });
  if (o.json) process.stdout.write(JSON.stringify(toJson(d, top)) + '\n');
  else printLines(process.stdout, formatDiff(path.basename(fileA), path.basename(fileB), d, top ?? 20));
  return 0;
}

/** The --json shape: self time in % of each profile, as documented in the issue. */
export function toJson(d: ProfileDiff, top: number | undefined) {
  return {
    beforeDurationMs: d.beforeDurationMs,
    afterDurationMs: d.afterDurationMs,
    functions: d.functions.slice(0, top ?? d.functions.length).map((r) => ({
      name: r.name, url: r.url, line: r.line,
      beforePercent: r.before?.selfPercent ?? 0, afterPercent: r.after?.selfPercent ?? 0, deltaPercent: r.deltaSelfPercent,
      status: r.status,
      ...(r.moved ? { beforeLine: r.before?.line } : {}),
      ...(d.perRequest ? {
        beforeMsPer1kRequests: r.before?.selfMsPer1kRequests ?? 0, afterMsPer1kRequests: r.after?.selfMsPer1kRequests ?? 0,
        deltaMsPer1kRequests: r.deltaSelfMsPer1kRequests ?? 0,
      } : {}),
    })),
  };
}

const STATUS: Record<DiffRow['status'], string> = { changed: '', new: 'new', gone: 'gone' };

export function formatDiff(nameA: string, nameB: string, d: ProfileDiff, top: number): string[] {
  const rows = d.functions.filter((r) => r.status !== 'changed' || Math.abs(r.deltaSelfPercent) >= 0.05 || Math.abs(r.deltaTotalPercent) >= 0.05).slice(0, top);
  const lines = [`A: ${nameA} (${duration(d.beforeDurationMs)})`, `B: ${nameB} (${duration(d.afterDurationMs)})`, ''];
  if (rows.length === 0) {
    lines.push('No function changed its share of the time by 0.05% or more.');
    return lines;
  }
  lines.push(`Largest changes in self time (% of each profile${d.perRequest ? '; ms per 1000 requests' : ''})`);
  lines.push(...table(
    ['A %', 'B %', 'change', ...(d.perRequest ? ['A ms/1k', 'B ms/1k', 'change'] : []), 'function'],
    rows.map((r) => [
      pct(r.before?.selfPercent ?? 0), pct(r.after?.selfPercent ?? 0), signedPct(r.deltaSelfPercent),
      ...(d.perRequest ? [ms(r.before?.selfMsPer1kRequests ?? 0), ms(r.after?.selfMsPer1kRequests ?? 0), ms(r.deltaSelfMsPer1kRequests ?? 0)] : []),
      [r.name, r.location, STATUS[r.status] && `[${STATUS[r.status]}]`, r.moved ? `[moved from line ${r.before?.line}]` : ''].filter(Boolean).join('  '),
    ]),
  ).map((l) => `  ${l}`));
  return lines;
}
