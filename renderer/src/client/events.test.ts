import { describe, expect, it } from 'vitest';
import { cleanIpcMessage } from './electron.ts';
import { reconnectDelayMs } from './backoff.ts';
import { toFlambeEvent } from './events.ts';

describe('toFlambeEvent', () => {
  it('accepts known events as objects or JSON text', () => {
    const ev = { name: 'targetExit', payload: { targetId: 't', code: 0, signal: null } };
    expect(toFlambeEvent(ev)).toEqual(ev);
    expect(toFlambeEvent(JSON.stringify(ev))).toEqual(ev);
  });
  it('refuses anything else', () => {
    for (const raw of [null, 42, '{', { name: 'toString', payload: {} }, { name: 'targetExit' }, { name: 'targetExit', payload: 'x' }]) {
      expect(toFlambeEvent(raw)).toBeNull();
    }
  });
});

describe('cleanIpcMessage', () => {
  it('keeps only the sentence of an IPC rejection', () => {
    expect(cleanIpcMessage("Error invoking remote method 'launchTarget': Error: The script does not exist.")).toBe('The script does not exist.');
    expect(cleanIpcMessage('The script does not exist.')).toBe('The script does not exist.');
  });
});

describe('reconnectDelayMs', () => {
  it('grows, is capped and jittered', () => {
    expect(reconnectDelayMs(0, () => 0.5)).toBe(500);
    expect(reconnectDelayMs(1, () => 0.5)).toBe(1000);
    expect(reconnectDelayMs(20, () => 0.5)).toBe(10_000);
    expect(reconnectDelayMs(20, () => 1)).toBe(12_000);
    expect(reconnectDelayMs(0, () => 0)).toBe(400);
  });
});
