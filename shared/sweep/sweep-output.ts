// What a sweep's server wrote to stdout/stderr at each level, per request and
// per route (issue 38: a team's performance page reports log lines beside
// latency — a service wrote 64 000 warning lines in 45 minutes, and that was
// the finding). The count is the recording's (shared/recording/output.ts, by
// the output counter in the target, profiled levels only: it runs over the
// inspector); each write is given to the route whose request made it.
import { z } from 'zod';
import type { OutputVolume } from '../recording/output.ts';
import { groupThousands } from '../number-format.ts';

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const amount = z.number().min(0).max(1e12);

/** A level's output over its burst: lines and bytes, and each per request (null without requests; bytes absent before they were counted). */
export const levelOutputSchema = z.object({
  lines: count,
  bytes: count.nullable(),
  linesPerRequest: amount.nullable(),
  bytesPerRequest: amount.nullable(),
});
export type LevelOutput = z.infer<typeof levelOutputSchema>;

/** The level's output, or null when it was not counted (a level not profiled: the counter runs over the inspector). */
export function levelOutput(o: OutputVolume | null | undefined): LevelOutput | null {
  if (!o) return null;
  return { lines: o.lines, bytes: o.bytes ?? null, linesPerRequest: o.linesPerRequest, bytesPerRequest: o.bytesPerRequest ?? null };
}

const withoutQuery = (p: string) => (p.includes('?') ? p.slice(0, p.indexOf('?')) : p);

/**
 * Each burst route's log lines and bytes per request, by the counter's routes ("GET /path": the server sees no
 * query in a route's name). Two burst routes on one path (/wait?ms=1, /wait?ms=120) cannot be told apart: neither
 * gets a figure. A route that wrote nothing has 0; null when nothing was given to routes at all (no request collector).
 */
export function routeOutputs(routes: readonly { method: string; path: string; requests: number }[], o: OutputVolume | null | undefined):
  ({ logLinesPerRequest: number; logBytesPerRequest: number } | null)[] {
  if (!o?.byRoute) return routes.map(() => null);
  const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${withoutQuery(r.path)}`;
  const shared = new Set(routes.map(key).filter((k, i, all) => all.indexOf(k) !== i));
  return routes.map((r) => {
    if (shared.has(key(r)) || r.requests === 0) return null;
    const wrote = o.byRoute!.find((x) => x.route === key(r)) ?? { lines: 0, bytes: 0 };
    return { logLinesPerRequest: round(wrote.lines / r.requests, 1000), logBytesPerRequest: round(wrote.bytes / r.requests, 10) };
  });
}

const round = (x: number, by: number) => Math.round(x * by) / by;

/** The two columns every sweep table adds (screen, `flambe sweep`, report), and their cells: "–" where not counted, never 0. */
export const LOG_HEAD = ['Log lines/req', 'Log bytes/req'] as const;
export function logCells(linesPerRequest: number | null | undefined, bytesPerRequest: number | null | undefined): [string, string] {
  const cell = (x: number | null | undefined, digits: number) => (x === null || x === undefined ? '–' : groupThousands(x, digits));
  return [cell(linesPerRequest, 2), cell(bytesPerRequest, 0)];
}

/** Whether any level counted its output / any route got its own figure: the columns are shown only then. */
export const levelsHaveOutput = (levels: readonly { output?: LevelOutput | null }[]) => levels.some((l) => l.output);
export const routesHaveOutput = (levels: readonly { routes?: readonly { logLinesPerRequest?: number }[] }[]) =>
  levels.some((l) => l.routes?.some((r) => r.logLinesPerRequest !== undefined));
