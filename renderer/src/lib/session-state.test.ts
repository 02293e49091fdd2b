import { describe, expect, it } from 'vitest';
import { restoreForm } from './session-state.ts';

const defaults = { url: '', durationSec: '10', loadOnly: false, samplingIntervalUs: 1000, launch: { script: '', args: '' } };

describe('restoreForm: a form kept across a reload', () => {
  it('brings back what was typed, field by field, nested ones too', () => {
    expect(restoreForm({ url: 'http://127.0.0.1:3000/json', durationSec: '3', loadOnly: true, launch: { script: 'server.js' } }, defaults))
      .toEqual({ url: 'http://127.0.0.1:3000/json', durationSec: '3', loadOnly: true, samplingIntervalUs: 1000, launch: { script: 'server.js', args: '' } });
  });
  it('keeps the default for a field of another type or unknown, and for anything that is not a form', () => {
    expect(restoreForm({ durationSec: 3, loadOnly: 'yes', extra: 1 }, defaults)).toEqual(defaults);
    expect(restoreForm(null, defaults)).toBe(defaults);
    expect(restoreForm([1, 2], defaults)).toBe(defaults);
  });
});
