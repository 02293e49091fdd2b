import { describe, expect, it } from 'vitest';
import type { FlambeServiceApi as FlambeApi, TargetInfo } from '../../../shared/api.ts';
import { UserError } from '../../../electron/services/errors.ts';
import { createHostDispatcher } from '../../../electron/service-host/dispatcher.ts';
import { dispatch as invokeService, validatedApi } from '../../../electron/services/dispatch/dispatch.ts';
import { createFlambeService } from '../../../electron/services/service.ts';
import type { HostReply } from '../../../electron/service-host/protocol.ts';

const target: TargetInfo = {
  targetId: 't1', kind: 'launched', label: 'server.js', pid: 42, nodeVersion: 'v24.0.0', argv: [],
  listeningPorts: [3000], suggestedUrls: ['http://127.0.0.1:3000/'], running: true,
};

/** A FlambeApi whose methods record their argument; unlisted methods are our bug. */
function fakeApi(overrides: Partial<FlambeApi> = {}): { api: FlambeApi; calls: [string, unknown][] } {
  const calls: [string, unknown][] = [];
  const base: Partial<FlambeApi> = {
    async getTarget(req) { calls.push(['getTarget', req]); return target; },
    async stopTarget(req) { calls.push(['stopTarget', req]); },
    ...overrides,
  };
  const api = new Proxy(base, {
    get: (obj, name: string) => obj[name as keyof FlambeApi] ?? (async () => { throw new Error(`fake ${name} not implemented`); }),
  }) as FlambeApi;
  return { api, calls };
}

describe('dispatch: validate once, call, map errors once', () => {
  it('calls the method with the validated argument and returns its result', async () => {
    const { api, calls } = fakeApi();
    expect(await invokeService(api, 'getTarget', { targetId: 't1' })).toEqual({ ok: true, result: target });
    expect(calls).toEqual([['getTarget', { targetId: 't1' }]]);
  });

  it('applies the schema defaults before calling', async () => {
    let seen: unknown;
    const { api } = fakeApi({ async attachTarget(spec) { seen = spec; return target; } });
    await invokeService(api, 'attachTarget', { host: ' 127.0.0.1 ', port: 9229 });
    expect(seen).toEqual({ host: '127.0.0.1', port: 9229, confirmRemote: false });
  });

  it('refuses an unknown method without calling anything', async () => {
    const { api, calls } = fakeApi();
    expect(await invokeService(api, 'constructor', {})).toEqual({ ok: false, error: { kind: 'user', message: 'There is no API method "constructor".' } });
    expect(await invokeService(api, 42, {})).toMatchObject({ ok: false, error: { kind: 'user' } });
    expect(calls).toEqual([]);
  });

  it('refuses a bad argument with the schema\'s sentence', async () => {
    const { api, calls } = fakeApi();
    const outcome = await invokeService(api, 'attachTarget', { host: 'localhost', port: 70000 });
    expect(outcome).toEqual({ ok: false, error: { kind: 'user', message: 'The port must be between 1 and 65535.' } });
    expect(calls).toEqual([]);
  });

  it('passes a UserError on as a user error, anything else as internal', async () => {
    const lines: string[] = [];
    const { api } = fakeApi({
      async getTarget() { throw new UserError('That target has exited.'); },
      async stopTarget() { throw new TypeError('x is undefined'); },
    });
    expect(await invokeService(api, 'getTarget', { targetId: 't1' })).toEqual({ ok: false, error: { kind: 'user', message: 'That target has exited.' } });
    expect(await invokeService(api, 'stopTarget', { targetId: 't1' }, (l) => lines.push(l))).toEqual({
      ok: false, error: { kind: 'internal', message: 'Something went wrong inside Flambé: x is undefined' },
    });
    expect(lines[0]).toMatch(/^internal error in stopTarget: TypeError: x is undefined/);
  });
});

describe('the host dispatcher', () => {
  function setup(overrides: Partial<FlambeApi> = {}, opts: { send?: (r: HostReply) => void } = {}) {
    const { api, calls } = fakeApi(overrides);
    const sent: HostReply[] = [];
    const exits: number[] = [];
    let disposals = 0;
    const dispatch = createHostDispatcher({
      service: { impl: api, dispose: async () => { disposals++; } },
      send: opts.send ?? ((r) => sent.push(r)),
      exit: (code) => exits.push(code),
    });
    return { dispatch, sent, exits, calls, disposals: () => disposals };
  }

  it('answers each invoke with one result carrying its id', async () => {
    const { dispatch, sent } = setup();
    await dispatch({ type: 'invoke', id: 7, method: 'getTarget', arg: { targetId: 't1' } });
    await dispatch({ type: 'invoke', id: 8, method: 'getTarget', arg: {} });
    expect(sent).toEqual([
      { type: 'result', id: 7, ok: true, result: target },
      { type: 'result', id: 8, ok: false, error: { kind: 'user', message: expect.any(String) } },
    ]);
  });

  it('ignores messages that are not requests', async () => {
    const { dispatch, sent, calls } = setup();
    for (const m of [null, 'invoke', { type: 'invoke', method: 'getTarget' }, { type: 'result', id: 1 }]) await dispatch(m);
    expect(sent).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('still answers when a result cannot cross the process boundary', async () => {
    const sent: HostReply[] = [];
    const { dispatch } = setup({ async getTarget() { return target; } }, {
      send: (r) => {
        if (r.type === 'result' && r.ok) throw new Error('could not be cloned');
        sent.push(r);
      },
    });
    await dispatch({ type: 'invoke', id: 1, method: 'getTarget', arg: { targetId: 't1' } });
    expect(sent).toEqual([{ type: 'result', id: 1, ok: false, error: { kind: 'internal', message: 'Something went wrong inside Flambé: could not be cloned' } }]);
  });

  it('disposes once, exits 0, and refuses calls while closing', async () => {
    const { dispatch, sent, exits, disposals } = setup();
    await Promise.all([dispatch({ type: 'dispose' }), dispatch({ type: 'dispose' })]);
    await dispatch({ type: 'invoke', id: 3, method: 'getTarget', arg: { targetId: 't1' } });
    expect(disposals()).toBe(1);
    expect(exits).toEqual([0]);
    expect(sent).toEqual([{ type: 'result', id: 3, ok: false, error: { kind: 'user', message: 'Flambé is closing.' } }]);
  });
});

describe('validatedApi (the CLI\'s FlambeApi)', () => {
  it('validates like a call from another process, and passes the method\'s own errors on unchanged', async () => {
    const seen: unknown[] = [];
    const { api } = fakeApi({
      async launchTarget(spec) { seen.push(spec); return target; },
      async getTarget() { throw new TypeError('our bug'); },
    });
    const checked = validatedApi(api);
    await expect(checked.launchTarget({ script: '   ' })).rejects.toMatchObject({ name: 'UserError', message: 'Choose the script to launch.' });
    await expect(checked.attachTarget({ host: 'localhost', port: 0 })).rejects.toThrow('The port must be between 1 and 65535.');
    expect(seen).toEqual([]);
    await checked.launchTarget({ script: ' app.js ' });
    expect(seen).toEqual([{ script: 'app.js', args: [], env: {}, outputToFile: false }]);
    await expect(checked.getTarget({ targetId: 't1' })).rejects.toBeInstanceOf(TypeError);
  });

  it('is what createFlambeService hands in-process callers', async () => {
    const service = createFlambeService({ libraryPath: null });
    try {
      await expect(service.api.importFile({ fileName: 'x', content: '' })).rejects.toThrow('The file is empty.');
      await expect(service.api.startRecording({ targetId: null, load: { url: 'http://127.0.0.1:9/', headers: { 'X-A': 'a\r\nB: c' } } }))
        .rejects.toThrow(/^Header "X-A": the value of X-A contains a line break/);
    } finally {
      await service.dispose();
    }
  });
});
