// The load-server fixture launched under the inspector through the service the
// app and the CLI use, once per test file (beforeAll/afterAll), for the sweep
// tests; and the percentile order every measured latency must keep.
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createFlambeService } from '../../../electron/services/service.ts';
import type { LatencyMs } from '../../../shared/api.ts';
import { repo, waitFor } from '../../helpers/demo.ts';

export function launchedLoadServer() {
  const service = createFlambeService({ libraryPath: null });
  const at = { targetId: '', base: '' };
  beforeAll(async () => {
    const t = await service.api.launchTarget({ script: path.join(repo, 'test/fixtures/load-server/server.js') });
    at.targetId = t.targetId;
    at.base = (await waitFor(async () => (await service.api.getTarget({ targetId: t.targetId })).suggestedUrls[0], 10_000, 'port')).replace(/\/$/, '');
  });
  afterAll(() => service.dispose());
  return { service, at };
}

/** min ≤ p50 ≤ p75 ≤ p90 ≤ p95 ≤ p99 ≤ max. */
export function expectOrdered(l: LatencyMs) {
  const order = [l.min!, l.p50, l.p75!, l.p90, l.p95!, l.p99, l.max];
  for (let i = 1; i < order.length; i++) expect(order[i]).toBeGreaterThanOrEqual(order[i - 1]);
}
