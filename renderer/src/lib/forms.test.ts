import { describe, expect, it } from 'vitest';
import { buildAttachSpec, buildLaunchSpec, buildRecordRequest, defaultAttachForm, defaultLaunchForm, defaultLoadForm, withPath, withSuggestedUrl } from './forms.ts';

const form = { ...defaultLoadForm, url: 'http://127.0.0.1:3000/hello' };

describe('buildRecordRequest', () => {
  it('builds a request with defaults from the form', () => {
    const r = buildRecordRequest(form, 't1');
    // toMatchObject: the contract may add fields with defaults (name, tags…).
    expect(r).toMatchObject({
      ok: true,
      value: {
        targetId: 't1',
        load: { url: 'http://127.0.0.1:3000/hello', method: 'GET', headers: {}, connections: 10, durationSec: 10, timeoutSec: 10 },
        warmupSec: 2,
        samplingIntervalUs: 1000,
      },
    });
  });
  it('sends no target for a load-only run', () => {
    const r = buildRecordRequest({ ...form, loadOnly: true }, 't1');
    expect(r.ok && r.value.targetId).toBeNull();
  });
  it('times each request unless switched off, and keeps it on when the user sends the load (it counts their requests)', () => {
    const on = buildRecordRequest(form, 't1');
    expect(on.ok && on.value.requestTimes).toBeUndefined();
    const off = buildRecordRequest({ ...form, noRequestTime: true }, 't1');
    expect(off.ok && off.value.requestTimes).toBe(false);
    const own = buildRecordRequest({ ...form, noRequestTime: true, ownLoad: true }, 't1');
    expect(own.ok && own.value.requestTimes).toBeUndefined();
  });
  it('uses a request count instead of a duration', () => {
    const r = buildRecordRequest({ ...form, mode: 'requests', requests: '500' }, 't1');
    expect(r.ok && r.value.load.requests).toBe(500);
  });
  it('sends a body and headers only where they belong', () => {
    const post = buildRecordRequest({ ...form, method: 'POST', body: '{"a":1}', headers: 'Content-Type: application/json' }, null);
    expect(post.ok && post.value.load).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } });
    const get = buildRecordRequest({ ...form, body: 'ignored' }, null);
    expect(get.ok && get.value.load.body).toBeUndefined();
  });
  it('explains a missing or wrong URL with the contract message', () => {
    const r = buildRecordRequest({ ...form, url: '' }, null);
    // The sentence itself belongs to shared/api.ts.
    expect(!r.ok && r.message).toMatch(/^Enter the full URL to load/);
    const ftp = buildRecordRequest({ ...form, url: 'ftp://example.com/' }, null);
    expect(ftp.ok).toBe(false);
  });
  it('explains numbers that are not numbers or out of range', () => {
    expect(buildRecordRequest({ ...form, connections: 'ten' }, null)).toEqual({ ok: false, message: 'Connections must be a number.' });
    expect(buildRecordRequest({ ...form, connections: '2.5' }, null)).toEqual({ ok: false, message: 'Connections must be a whole number.' });
    expect(buildRecordRequest({ ...form, connections: '0' }, null)).toEqual({ ok: false, message: 'Use at least 1 connection.' });
    expect(buildRecordRequest({ ...form, durationSec: '0' }, null)).toEqual({ ok: false, message: 'The duration must be more than 0 seconds.' });
  });
  it('reports a bad header line', () => {
    const r = buildRecordRequest({ ...form, headers: 'nope' }, null);
    expect(!r.ok && r.message).toMatch(/^Header line 1/);
  });
});

describe('buildLaunchSpec', () => {
  it('splits arguments and parses the environment', () => {
    const r = buildLaunchSpec({ ...defaultLaunchForm, script: ' server.js ', args: `--name "a b"`, env: 'PORT=3000', cwd: '/srv' });
    expect(r).toEqual({ ok: true, value: { script: 'server.js', args: ['--name', 'a b'], env: { PORT: '3000' }, cwd: '/srv' } });
  });
  it('asks for a script', () => {
    expect(buildLaunchSpec(defaultLaunchForm)).toEqual({ ok: false, message: 'Choose the script to launch.' });
  });
  it('reports an unclosed quote', () => {
    const r = buildLaunchSpec({ ...defaultLaunchForm, script: 'a.js', args: '"oops' });
    expect(!r.ok && r.message).toMatch(/never closed/);
  });
});

describe('buildAttachSpec', () => {
  it('attaches to loopback without confirmation', () => {
    expect(buildAttachSpec(defaultAttachForm)).toEqual({ ok: true, value: { host: '127.0.0.1', port: 9229, confirmRemote: false } });
  });
  it('requires the confirmation for another host', () => {
    const r = buildAttachSpec({ ...defaultAttachForm, host: '10.0.0.5' });
    expect(!r.ok && r.message).toMatch(/can run any code/);
    const ok = buildAttachSpec({ ...defaultAttachForm, host: '10.0.0.5', confirmRemote: true, inspectorId: 'abc' });
    expect(ok).toEqual({ ok: true, value: { host: '10.0.0.5', port: 9229, confirmRemote: true, inspectorId: 'abc' } });
  });
  it('checks the port', () => {
    expect(buildAttachSpec({ ...defaultAttachForm, port: '70000' })).toEqual({ ok: false, message: 'The port must be between 1 and 65535.' });
    expect(buildAttachSpec({ ...defaultAttachForm, port: '' })).toEqual({ ok: false, message: 'The port must be a number.' });
  });
});

describe('withPath', () => {
  it('replaces the path of the current URL', () => {
    expect(withPath('http://127.0.0.1:3000/hello?x=1', undefined, '/log')).toBe('http://127.0.0.1:3000/log');
  });
  it('falls back to the suggested URL when the field is not a URL', () => {
    expect(withPath('', 'http://127.0.0.1:4000/', '/json')).toBe('http://127.0.0.1:4000/json');
  });
  it('leaves the field alone when there is no base', () => {
    expect(withPath('abc', undefined, '/json')).toBe('abc');
  });
});

describe('withSuggestedUrl', () => {
  it('fills an empty field and replaces its own earlier suggestion', () => {
    const first = withSuggestedUrl(defaultLoadForm, 'http://127.0.0.1:3000/');
    expect(first).toMatchObject({ url: 'http://127.0.0.1:3000/', urlFromSuggestion: true });
    expect(withSuggestedUrl(first, 'http://127.0.0.1:4000/').url).toBe('http://127.0.0.1:4000/');
  });
  it('never replaces what the user typed', () => {
    const typed = { ...defaultLoadForm, url: 'http://example.test/' };
    expect(withSuggestedUrl(typed, 'http://127.0.0.1:3000/')).toBe(typed);
  });
});
