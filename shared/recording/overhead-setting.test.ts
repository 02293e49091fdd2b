import { describe, expect, it } from 'vitest';
import { sameOverheadSetting, type OverheadSetting } from './overhead-setting.ts';

describe('sameOverheadSetting (issue 23, item 9)', () => {
  const demo: OverheadSetting = { target: '/app/demo-server/server.js', url: 'http://127.0.0.1:4000/json', method: 'GET', connections: 10, samplingIntervalUs: 1000 };
  it('matches only the same target, load and sampling interval', () => {
    expect(sameOverheadSetting(demo, { ...demo })).toBe(true);
    expect(sameOverheadSetting(demo, { ...demo, target: '/tmp/other.js' })).toBe(false);
    expect(sameOverheadSetting(demo, { ...demo, url: 'http://127.0.0.1:4000/log' })).toBe(false);
    expect(sameOverheadSetting(demo, { ...demo, connections: 50 })).toBe(false);
    expect(sameOverheadSetting(demo, { ...demo, samplingIntervalUs: 100 })).toBe(false);
  });
});
