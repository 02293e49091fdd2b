import { describe, expect, it } from 'vitest';
import { loadSettingsSchema } from '../api.ts';
import { autocannonCommand, k6Script } from './export-load.ts';

const load = (x: object) => loadSettingsSchema.parse({ url: 'http://127.0.0.1:3000/users', ...x });

describe('k6Script', () => {
  it('writes connections as VUs for the duration, with the request', () => {
    const s = k6Script(load({ connections: 20, durationSec: 30, method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } }));
    expect(s).toContain("scenarios: { flambe: { executor: 'constant-vus', vus: 20, duration: \"30s\" } }");
    expect(s).toContain('"method": "POST"');
    expect(s).toContain('"url": "http://127.0.0.1:3000/users"');
    expect(s).toContain('"body": "{\\"a\\":1}"');
    expect(s).toContain('"content-type": "application/json"');
  });

  it('writes a fixed rate as constant-arrival-rate, and -n as shared iterations', () => {
    expect(k6Script(load({ rate: 400, connections: 10, durationSec: 5 }))).toContain("executor: 'constant-arrival-rate', rate: 400, timeUnit: '1s', duration: \"5s\", preAllocatedVUs: 10, maxVUs: 40");
    expect(k6Script(load({ requests: 100, connections: 10 }))).toContain("executor: 'shared-iterations', vus: 10, iterations: 100");
  });

  it('writes several routes on the URL\'s origin with their weights', () => {
    const s = k6Script(load({ routes: [{ path: '/a', weight: 3 }, { method: 'DELETE', path: '/b/1' }] }));
    expect(s).toContain('"url": "http://127.0.0.1:3000/a"');
    expect(s).toContain('"url": "http://127.0.0.1:3000/b/1"');
    expect(s).toContain('let pick = Math.random() * 4;');
  });
});

describe('autocannonCommand', () => {
  it('gives the command line, quoted for a shell', () => {
    expect(autocannonCommand(load({ connections: 5, durationSec: 3, method: 'POST', body: "it's", headers: { 'x-a': 'b c' } })).command)
      .toBe("autocannon -c 5 -d 3 -m POST -H 'x-a=b c' -b 'it'\\''s' http://127.0.0.1:3000/users");
    expect(autocannonCommand(load({ requests: 50 })).command).toBe('autocannon -c 10 -a 50 http://127.0.0.1:3000/users');
  });

  it('says when autocannon\'s command line cannot express the load', () => {
    expect(autocannonCommand(load({ routes: [{ path: '/a' }, { path: '/b' }] }))).toEqual({ command: null, note: expect.stringContaining('use the k6 script') });
    expect(autocannonCommand(load({ rate: 100 })).note).toMatch(/paces them/);
  });
});
