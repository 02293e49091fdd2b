// The analysis worker's ReDoS check loads recheck when first needed (regex-check.ts).
import { describe, expect, it } from 'vitest';
import { checkRegex, loadRegexChecker } from './regex-check.ts';

describe('checkRegex in the analysis worker', () => {
  it('says it could not check before recheck is loaded, and checks once it is', async () => {
    const pattern = { source: '^(a+)+$', flags: '' };
    expect(checkRegex(pattern).status).toBe('unknown');
    await loadRegexChecker();
    expect(checkRegex(pattern).status).toBe('vulnerable');
    expect(checkRegex({ source: '^a+$', flags: '' }).status).toBe('safe');
  });
});
