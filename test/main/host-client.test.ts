import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlambeEvent } from '../../shared/api.ts';
import { ServiceHostClient, type HostChild } from '../../electron/main/host-client.ts';
import type { HostRequest } from '../../electron/service-host/protocol.ts';

/** A utilityProcess stand-in: records what main posts; the test plays the host. */
class FakeChild extends EventEmitter implements HostChild {
  posted: HostRequest[] = [];
  killed = false;
  postMessage(message: HostRequest) { this.posted.push(message); }
  onMessage(listener: (m: unknown) => void) { this.on('message', listener); }
  onExit(listener: (code: number) => void) { this.on('exit', listener); }
  kill() { this.killed = true; }
  reply(message: unknown) { this.emit('message', message); }
  exit(code: number) { this.emit('exit', code); }
}

function setup() {
  const children: FakeChild[] = [];
  const events: FlambeEvent[] = [];
  const client = new ServiceHostClient({
    spawn: () => { const c = new FakeChild(); children.push(c); return c; },
    onEvent: (e) => events.push(e),
  });
  return { client, children, events };
}

afterEach(() => vi.useRealTimers());

describe('ServiceHostClient', () => {
  it('matches replies to requests by id, whatever their order', async () => {
    const { client, children } = setup();
    const a = client.invoke('getTarget', { targetId: 'a' });
    const b = client.invoke('getTarget', { targetId: 'b' });
    const [child] = children;
    expect(children).toHaveLength(1);
    expect(child.posted).toEqual([
      { type: 'invoke', id: 1, method: 'getTarget', arg: { targetId: 'a' } },
      { type: 'invoke', id: 2, method: 'getTarget', arg: { targetId: 'b' } },
    ]);
    child.reply({ type: 'result', id: 2, ok: false, error: { kind: 'user', message: 'No such target.' } });
    child.reply({ type: 'result', id: 1, ok: true, result: 'A' });
    expect(await a).toEqual({ ok: true, result: 'A' });
    expect(await b).toEqual({ ok: false, error: { kind: 'user', message: 'No such target.' } });
  });

  it('forwards events and ignores malformed messages', () => {
    const { client, children, events } = setup();
    client.start();
    const event: FlambeEvent = { name: 'targetExit', payload: { targetId: 't', code: 0, signal: null } };
    children[0].reply({ type: 'event', event });
    children[0].reply({ type: 'event' });
    children[0].reply('hello');
    children[0].reply({ type: 'result', id: 99, ok: true, result: 1 }); // nobody waits for 99
    expect(events).toEqual([event]);
  });

  it('fails pending calls when the host dies, and starts a new host on the next call', async () => {
    const { client, children } = setup();
    const pending = client.invoke('getTarget', { targetId: 'a' });
    children[0].exit(1);
    expect(await pending).toEqual({ ok: false, error: { kind: 'internal', message: expect.stringMatching(/stopped unexpectedly \(exit code 1\)/) } });
    void client.invoke('getTarget', { targetId: 'a' });
    expect(children).toHaveLength(2);
  });

  it('dispose asks the host to stop and resolves when it exits', async () => {
    const { client, children } = setup();
    client.start();
    let done = false;
    const disposing = client.dispose(3000).then(() => { done = true; });
    expect(children[0].posted).toEqual([{ type: 'dispose' }]);
    await Promise.resolve();
    expect(done).toBe(false);
    children[0].exit(0);
    await disposing;
    expect(children[0].killed).toBe(false);
    expect(await client.invoke('getTarget', { targetId: 'a' })).toEqual({ ok: false, error: { kind: 'user', message: 'Flambé is closing.' } });
    expect(children).toHaveLength(1);
  });

  it('kills a host that does not stop in time', async () => {
    vi.useFakeTimers();
    const { client, children } = setup();
    client.start();
    const disposing = client.dispose(3000);
    expect(client.dispose(3000)).toBe(disposing);
    await vi.advanceTimersByTimeAsync(3000);
    await disposing;
    expect(children[0].killed).toBe(true);
  });

  it('dispose without a host resolves at once', async () => {
    const { client, children } = setup();
    await client.dispose(3000);
    expect(children).toHaveLength(0);
  });
});
