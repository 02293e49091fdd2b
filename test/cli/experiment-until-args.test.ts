// flambe experiment --until PCT [--budget SECONDS]: the spec it builds, and the sentence when --budget comes alone.
import { describe, expect, it } from 'vitest';
import { experimentSpecFromArgs } from '../../electron/cli/experiment-command.ts';
import { experimentSpecSchema } from '../../shared/api.ts';

const base = ['--demo', '--a-url', '/log', '--b-url', '/hello'];

describe('flambe experiment --until', () => {
  it('asks for pairs until the interval is within ± PCT %, in a budget of seconds (600 by default)', () => {
    expect(experimentSpecFromArgs([...base, '--until', '5', '--budget', '120']).spec.until).toEqual({ withinPercent: 5, budgetSec: 120 });
    expect(experimentSpecSchema.parse(experimentSpecFromArgs([...base, '--until', '5']).spec).until).toEqual({ withinPercent: 5, budgetSec: 600 });
    expect(experimentSpecFromArgs(base).spec.until).toBeUndefined();
  });

  it('says what --budget needs', () => {
    expect(() => experimentSpecFromArgs([...base, '--budget', '60'])).toThrow('--budget goes with --until PCT: the interval to reach before it ends.');
  });
});
