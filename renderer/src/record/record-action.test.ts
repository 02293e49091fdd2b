import { describe, expect, it } from 'vitest';
import { defaultLoadForm, type LoadFormState } from '../lib/forms.ts';
import { recordAction } from './record-action.ts';

const form = (patch: Partial<LoadFormState> = {}): LoadFormState => ({ ...defaultLoadForm, url: 'http://127.0.0.1:3000/json', ...patch });
const target = { targetId: 't1', running: true };

describe('what Record starts', () => {
  it('one recording of the target, or a load-only burst without one', () => {
    const a = recordAction(form(), target, null);
    expect(a).toMatchObject({ kind: 'recording', request: { targetId: 't1' } });
    expect(recordAction(form({ loadOnly: true }), target, null)).toMatchObject({ kind: 'recording', request: { targetId: null } });
    expect(recordAction(form(), null, null)).toMatchObject({ kind: 'recording', request: { targetId: null } });
  });

  it('a sweep, or each route in its own burst when the target is profiled', () => {
    expect(recordAction(form({ sweep: true, sweepLevels: '1,4', sweepProfile: 'every' }), target, null)).toMatchObject({ kind: 'sweep', request: { targetId: 't1', levels: [1, 4] } });
    const routes = 'GET /a\nGET /b';
    expect(recordAction(form({ perRouteCpu: true, routes }), target, null).kind).toBe('routes');
    // Without a profiled target there is no CPU to split by route: one burst over the routes.
    expect(recordAction(form({ perRouteCpu: true, routes, loadOnly: true }), target, null).kind).toBe('recording');
  });

  it('refuses in one sentence: the port question first, then a target that ended, then the form', () => {
    expect(recordAction(form(), target, 'Which server? …')).toEqual({ kind: 'refused', message: 'Which server? …' });
    expect(recordAction(form(), { targetId: 't1', running: false }, null)).toEqual({ kind: 'refused', message: 'The target is not running any more: launch it again, or tick “Load only”.' });
    const bad = recordAction(form({ connections: 'many' }), target, null);
    expect(bad.kind).toBe('refused');
    expect(bad.kind === 'refused' && bad.message).toMatch(/connections/i);
  });
});
