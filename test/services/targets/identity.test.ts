// The first inspector answer of a process that is still starting can lack
// process.argv and process.pid; the identity waits for them (readIdentity).
import { describe, expect, it } from 'vitest';
import { readIdentity } from '../../../electron/services/targets/inspector.ts';

describe('readIdentity', () => {
  it('asks again until argv and pid are there', async () => {
    const answers = [{ nodeVersion: 'v24.1.0' }, { nodeVersion: 'v24.1.0', argv: ['node', 's.js'] }, { pid: 7, nodeVersion: 'v24.1.0', argv: ['node', 's.js'] }];
    let asked = 0;
    const id = await readIdentity(async () => answers[asked++], 5000, 1);
    expect(asked).toBe(3);
    expect(id).toEqual({ pid: 7, nodeVersion: 'v24.1.0', argv: ['node', 's.js'] });
  });

  it('says in one sentence when a process never says who it is', async () => {
    await expect(readIdentity(async () => null, 30, 5)).rejects.toThrow(/did not say who it is/);
  });
});
