import { describe, expect, it } from 'vitest';
import { defaultLoadForm, type LoadFormState } from '../lib/forms.ts';
import { recordAction, recordButtonLabel, recordWorkKind } from './record-action.ts';

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

describe('the Record button says what it starts', () => {
  const routes = 'GET /a\nGET /b';
  it('Record, Record my load, or Run load only without a profiled target', () => {
    expect(recordButtonLabel(form(), true)).toBe('Record');
    expect(recordButtonLabel(form({ ownLoad: true }), true)).toBe('Record my load');
    expect(recordButtonLabel(form(), false)).toBe('Run load only');
    expect(recordButtonLabel(form({ loadOnly: true, ownLoad: true }), true)).toBe('Run load only');
  });
  it('a sweep before anything else; each route only with a profiled target', () => {
    expect(recordButtonLabel(form({ sweep: true, perRouteCpu: true, routes }), false)).toBe('Run sweep');
    expect(recordButtonLabel(form({ perRouteCpu: true, routes }), true)).toBe('Profile each route');
    expect(recordButtonLabel(form({ perRouteCpu: true, routes }), false)).toBe('Run load only');
    expect(recordButtonLabel(form({ perRouteCpu: true, routes: '  ' }), true)).toBe('Record');
  });
  it('the kind of work asked about before it starts', () => {
    expect(recordWorkKind(form({ sweep: true }), null)).toBe('sweep');
    expect(recordWorkKind(form({ perRouteCpu: true, routes }), 't1')).toBe('routes');
    expect(recordWorkKind(form({ perRouteCpu: true, routes }), null)).toBe('recording');
    expect(recordWorkKind(form(), 't1')).toBe('recording');
  });
});
