// "Repeat as an experiment": two recordings become an experiment's spec when
// Flambé launched both and they differ in at most one thing; otherwise one
// sentence says why not.
import { describe, expect, it } from 'vitest';
import { planRepeat } from '../../electron/services/experiment/repeat.ts';
import { experimentSpecSchema, type RecordingMeta } from '../../shared/api.ts';
import { makeRecording } from '../helpers/profiles.ts';

function meta(over: { script?: string; env?: Record<string, string>; args?: string[]; url?: string; connections?: number; kind?: 'launched' | 'attached'; noTarget?: boolean; imported?: boolean } = {}): RecordingMeta {
  const { profile, ...rec } = makeRecording();
  const script = over.script ?? '/srv/app/server.js';
  rec.target = over.noTarget ? null : {
    kind: over.kind ?? 'launched', label: 'server.js', pid: 1, nodeVersion: 'v24.0.0', argv: ['/usr/bin/node', script, ...(over.args ?? [])],
    env: over.env ?? {}, args: over.args ?? [], stdio: { stdout: 'file', stderr: 'file', tailedFile: true },
  };
  if (over.imported) rec.settings = null;
  else rec.settings!.load = { ...rec.settings!.load, url: over.url ?? 'http://127.0.0.1:40123/log', connections: over.connections ?? 10 };
  return { ...rec, hasProfile: profile !== null };
}
const exists = () => true;

describe('planning a repeat of two recordings', () => {
  it('turns an env difference into an env experiment on the same script, loading the path (the port changes every launch)', () => {
    const plan = planRepeat(meta({ env: { LOG: '1' } }), meta({ env: { LOG: '0' }, url: 'http://127.0.0.1:40999/log' }), 3, exists);
    expect(plan.reason).toBeNull();
    expect(plan.what).toBe('LOG=1 vs LOG=0');
    const spec = experimentSpecSchema.parse(plan.spec);
    expect(spec.target).toEqual({ kind: 'launch', launch: { script: '/srv/app/server.js', cwd: '/srv/app', env: {}, args: [], outputToFile: true } });
    expect(spec.differ).toEqual({ kind: 'env', a: { LOG: '1' }, b: { LOG: '0' } });
    expect(spec.load.url).toBe('/log');
    expect(spec.load.connections).toBe(10);
    expect(spec.rounds).toBe(3);
    expect(spec.profile).toBe(true);
  });

  it('repeats two scripts, two routes, two argument lists — and the same settings as an A/A experiment', () => {
    expect(planRepeat(meta({ script: '/a/before.js' }), meta({ script: '/a/after.js' }), 2, exists).spec?.differ).toEqual({ kind: 'script', a: '/a/before.js', b: '/a/after.js' });
    expect(planRepeat(meta({ url: 'http://127.0.0.1:1/log' }), meta({ url: 'http://127.0.0.1:2/hello?x=1' }), 2, exists).spec?.differ).toEqual({ kind: 'url', a: '/log', b: '/hello?x=1' });
    expect(planRepeat(meta({ args: ['--fast'] }), meta(), 2, exists).spec?.differ).toEqual({ kind: 'args', a: ['--fast'], b: [] });
    const aa = planRepeat(meta({ env: { LOG: '1' } }), meta({ env: { LOG: '1' } }), 2, exists);
    expect(aa.spec?.differ).toEqual({ kind: 'env', a: { LOG: '1' }, b: { LOG: '1' } });
    expect(aa.what).toMatch(/A\/A/);
  });

  it('says in one sentence why it cannot', () => {
    const cases: [RecordingMeta, RecordingMeta, RegExp][] = [
      [meta(), meta({ kind: 'attached' }), /^B was attached to a running process; Flambé can only repeat what it launched\.$/],
      [meta({ imported: true }), meta(), /^A was imported from a file/],
      [meta({ noTarget: true }), meta(), /^A was a load-only run and B profiled a process/],
      [meta(), meta({ connections: 50 }), /^A and B ran different load/],
      [meta({ env: { LOG: '1' } }), meta({ env: { LOG: '0' }, url: 'http://127.0.0.1:1/hello' }), /^A and B differ in their environment variables and their route: an experiment changes one thing at a time\.$/],
      // Imported from bundles whose secret-looking values were masked at export (shared/recording/secrets.ts): not an A/A run on "(masked)".
      [meta({ env: { API_KEY: '(masked)' } }), meta({ env: { API_KEY: '(masked)' } }), /^A's API_KEY was masked when its \.flambe file was exported, so Flambé cannot run it again as it was: import a bundle exported with secrets included\.$/],
    ];
    for (const [a, b, why] of cases) {
      const plan = planRepeat(a, b, 3, exists);
      expect(plan.spec).toBeNull();
      expect(plan.reason).toMatch(why);
    }
    expect(planRepeat(meta(), meta({ script: '/gone/x.js' }), 3, (f) => f !== '/gone/x.js').reason).toBe('B\'s script /gone/x.js is not there any more, so Flambé cannot launch it again.');
  });

  it('repeats two load-only runs on their URLs, without profiling', () => {
    const plan = planRepeat(meta({ noTarget: true }), meta({ noTarget: true, url: 'http://127.0.0.1:40123/hello' }), 3, exists);
    const spec = experimentSpecSchema.parse(plan.spec);
    expect(spec.target).toEqual({ kind: 'none' });
    expect(spec.differ).toEqual({ kind: 'url', a: 'http://127.0.0.1:40123/log', b: 'http://127.0.0.1:40123/hello' });
    expect(spec.profile).toBe(false);
  });
});
