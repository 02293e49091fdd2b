import { describe, expect, it } from 'vitest';
import { maskArg, maskedEnv, maskUrlPassword } from './mask.ts';

describe('secrets in a report', () => {
  it('masks variables whose name says they hold one, and passwords in URLs', () => {
    expect(maskedEnv({ API_TOKEN: 'abc', DB_PASSWORD: 'x', AWS_SECRET_ACCESS_KEY: 'y', STRIPE_KEY: 'z', PORT: '3000', DATABASE_URL: 'postgres://app:hunter2@db:5432/x' }))
      .toEqual(['API_TOKEN=***', 'DB_PASSWORD=***', 'AWS_SECRET_ACCESS_KEY=***', 'STRIPE_KEY=***', 'PORT=3000', 'DATABASE_URL=postgres://app:***@db:5432/x']);
    expect(maskUrlPassword('see https://user:pw@host/path')).toBe('see https://user:***@host/path');
  });
  it('masks a secret given on the command line', () => {
    expect(maskArg('--api-key=abc')).toBe('--api-key=***');
    expect(maskArg('--port=3000')).toBe('--port=3000');
    expect(maskArg('redis://:pw@cache:6379')).toBe('redis://:pw@cache:6379');
  });
});
