// An experiment's report (shared/report): its per-route table and its
// settings come from the rounds' recordings, read here; a recording that
// cannot be read leaves its round out of the routes.
import type { ExperimentResult } from '../../../shared/experiment/types.ts';
import { compareRoutes } from '../../../shared/compare/routes.ts';
import { experimentReport } from '../../../shared/report/build-report.ts';
import type { RendererClient } from '../client/types.ts';

export async function experimentReportOf(api: RendererClient['api'], e: ExperimentResult) {
  const complete = e.rounds.filter((r) => r.complete && !r.notSaved);
  const metas = await Promise.all(complete.map((r) => api.getRecording({ id: r.recordingId }).catch(() => null)));
  const routesOf = (v: 'A' | 'B') => complete.flatMap((r, i) => (r.variant === v && metas[i] ? [metas[i].load?.routes ?? []] : []));
  const [ra, rb] = [routesOf('A'), routesOf('B')];
  return experimentReport(e, [...ra, ...rb].some((x) => x.length) ? compareRoutes(ra, rb, true) : null, metas[0] ?? null);
}
