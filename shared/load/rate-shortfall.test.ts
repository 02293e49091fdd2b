import { describe, expect, it } from 'vitest';
import { rateShortfall } from './rate-shortfall.ts';

describe('rateShortfall', () => {
  it('says nothing when at least 90 % of the rate was served', () => {
    expect(rateShortfall(400, 390)).toBeNull();
    expect(rateShortfall(400, 360, { connections: 2, carryRps: 100 })).toBeNull();
  });
  it('blames the server when the connections could have carried the rate', () => {
    expect(rateShortfall(400, 310, { connections: 50, carryRps: 2000 })).toBe('The server could not keep up: asked 400 req/s, served 310.');
    expect(rateShortfall(400, 310)).toBe('The server could not keep up: asked 400 req/s, served 310.');
    // 4 connections could carry 170 req/s, but the server served 49: it is the tighter limit.
    expect(rateShortfall(200, 49, { connections: 4, carryRps: 170 })).toBe('The server could not keep up: asked 200 req/s, served 49.');
  });
  it('blames the connections when they could not carry the rate: 2 connections at 20 ms carry 100 req/s', () => {
    expect(rateShortfall(400, 98, { connections: 2, carryRps: 100 })).toBe(
      'The connections could not carry the rate: asked 400 req/s, served 98. 2 connections, each holding a request at least 20.0 ms, '
      + 'can carry at most about 100 req/s — use more connections, about 10, to tell what the server can do.');
  });
});
