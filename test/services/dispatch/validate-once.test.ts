// An argument is validated once, where it enters the services (services/dispatch):
// service.ts trusts the parsed value its types carry, and the requests it
// builds itself (a sweep's levels, each route's burst) are built resolved.
// Counted with spies on the contract's schemas, on real calls.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FlambeEvents } from '../../../shared/api.ts';
import { apiInputSchemas } from '../../../shared/api.ts';
import { createFlambeService } from '../../../electron/services/service.ts';

const service = createFlambeService({ libraryPath: null });
let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((_q, s) => s.end('ok'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await service.dispose();
  server.close();
});
afterEach(() => vi.restoreAllMocks());

/** Every parse of a schema, whichever of zod's entry points is used. */
function countParses(schema: object): () => number {
  const spies = (['parse', 'safeParse', 'parseAsync', 'safeParseAsync'] as const)
    .filter((m) => typeof (schema as Record<string, unknown>)[m] === 'function')
    .map((m) => vi.spyOn(schema as Record<string, (...a: unknown[]) => unknown>, m));
  return () => spies.reduce((n, s) => n + s.mock.calls.length, 0);
}

describe('validated once, at the dispatcher', () => {
  it('startRecording: one parse of the request for a whole recording', async () => {
    const parses = countParses(apiInputSchemas.startRecording);
    const done = new Promise<FlambeEvents['recordingDone']>((resolve) => {
      const off = service.onEvent((e) => { if (e.name === 'recordingDone') { off(); resolve(e.payload); } });
    });
    await service.api.startRecording({ targetId: null, load: { url, requests: 40, connections: 1 }, warmupSec: 0 });
    const outcome = await done;
    expect(outcome.error).toBeNull();
    expect(parses()).toBe(1);
  });

  it('runSweep: one parse of the sweep, none of the requests it builds for its levels', async () => {
    const sweepParses = countParses(apiInputSchemas.runSweep);
    const recordParses = countParses(apiInputSchemas.startRecording);
    const result = await service.api.runSweep({ targetId: null, load: { url }, levels: [1, 2], levelSec: 0.3, warmupSec: 0 });
    expect(result.levels.map((l) => l.connections)).toEqual([1, 2]);
    expect(result.levels.every((l) => l.requests > 0)).toBe(true);
    expect(sweepParses()).toBe(1);
    expect(recordParses()).toBe(0);
  });

  it('profileRoutes and measureOverhead: one parse before the service answers', async () => {
    const routeParses = countParses(apiInputSchemas.profileRoutes);
    await expect(service.api.profileRoutes({ targetId: null, load: { url, routes: [{ method: 'GET', path: '/a' }] } })).rejects.toThrow(/needs a target/);
    expect(routeParses()).toBe(1);
    const overheadParses = countParses(apiInputSchemas.measureOverhead);
    await expect(service.api.measureOverhead({ targetId: 'no-such-target', load: { url } })).rejects.toThrow();
    expect(overheadParses()).toBe(1);
  });
});
