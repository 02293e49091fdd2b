import { describe, expect, it } from 'vitest';
import { defaultLaunchForm, defaultLoadForm } from '../lib/forms.ts';
import { buildDemoQuestion, buildExperimentSpec, defaultExperimentForm, pathOf, roundLengthWords } from './experiment-form.ts';

const load = { ...defaultLoadForm, url: 'http://127.0.0.1:40123/hello', durationSec: '2', connections: '4', warmupSec: '1' };

describe('the Compare two variants form', () => {
  it('turns a launched target\'s URL into its path: every restart opens a new port', () => {
    expect(pathOf('http://127.0.0.1:40123/log?x=1')).toBe('/log?x=1');
    expect(pathOf('/json')).toBe('/json');
    expect(pathOf('')).toBe('/');
  });

  it('builds an env experiment on the script of step 1', () => {
    const r = buildExperimentSpec({ ...defaultExperimentForm, target: 'script', differ: 'env', a: 'LOG=1', b: 'LOG=0', rounds: '4' }, load,
      { ...defaultLaunchForm, script: '/srv/app.js', args: '--port 0' });
    expect(r).toMatchObject({ ok: true, value: {
      target: { kind: 'launch', launch: { script: '/srv/app.js', args: ['--port', '0'] } },
      differ: { kind: 'env', a: { LOG: '1' }, b: { LOG: '0' } }, rounds: 4, load: { url: '/hello', connections: 4, durationSec: 2 }, warmupSec: 1,
    } });
  });

  it('runs on the script step 1 shows running when the launch form is empty (a second tab keeps its own, empty, form)', () => {
    const shown = { kind: 'launched' as const, label: 'srv/app.js', args: ['--port', '0'], env: { LOG: '1' } };
    const r = buildExperimentSpec({ ...defaultExperimentForm, target: 'script', differ: 'args', a: '--cache', b: '--no-cache' }, load, defaultLaunchForm, shown);
    expect(r).toMatchObject({ ok: true, value: { target: { kind: 'launch', launch: { script: 'srv/app.js', args: ['--port', '0'], env: { LOG: '1' } } } } });
    // The form, when filled, is what step 1 launched from: it keeps the working folder and the Node program too.
    const filled = buildExperimentSpec({ ...defaultExperimentForm, target: 'script' }, load, { ...defaultLaunchForm, script: '/srv/other.js', cwd: '/srv' }, shown);
    expect(filled).toMatchObject({ ok: true, value: { target: { kind: 'launch', launch: { script: '/srv/other.js', cwd: '/srv' } } } });
    // An attached process is no script Flambé can start again.
    expect(buildExperimentSpec({ ...defaultExperimentForm, target: 'script' }, load, defaultLaunchForm, { ...shown, kind: 'attached', label: '127.0.0.1:9229' }))
      .toEqual({ ok: false, message: 'Step 1 is attached to a process Flambé did not start, and each round starts its own copy: launch the script in step 1, or use the demo server.' });
  });

  it('runs until it knows when asked: within ±N%, in a budget of minutes', () => {
    const r = buildExperimentSpec({ ...defaultExperimentForm, untilPercent: '5', budgetMinutes: '3' }, load, defaultLaunchForm);
    expect(r).toMatchObject({ ok: true, value: { until: { withinPercent: 5, budgetSec: 180 } } });
    expect(buildExperimentSpec(defaultExperimentForm, load, defaultLaunchForm)).not.toHaveProperty('value.until');
    expect(buildExperimentSpec({ ...defaultExperimentForm, untilPercent: '0.1' }, load, defaultLaunchForm))
      .toEqual({ ok: false, message: 'Ask for an interval of at least ±0.5%.' });
  });

  it('says in one sentence what is wrong', () => {
    expect(buildExperimentSpec({ ...defaultExperimentForm, rounds: 'three' }, load, defaultLaunchForm)).toMatchObject({ ok: false, message: expect.stringMatching(/Rounds/) });
    expect(buildExperimentSpec({ ...defaultExperimentForm, target: 'script' }, load, defaultLaunchForm))
      .toEqual({ ok: false, message: 'Choose the script to launch in step 1 (Launch a script), or use the demo server.' });
    expect(buildExperimentSpec({ ...defaultExperimentForm, differ: 'script', a: 'a.js', b: 'b.js' }, load, defaultLaunchForm))
      .toEqual({ ok: false, message: 'On the demo server, A and B differ by route or by environment variables.' });
    expect(buildExperimentSpec({ ...defaultExperimentForm, rounds: '0' }, load, defaultLaunchForm))
      .toEqual({ ok: false, message: 'Run at least 1 round of each variant.' });
  });

  it('asks the demo what console.log costs: /log against /hello, output to a file like a terminal', () => {
    const r = buildDemoQuestion('log', { ...defaultExperimentForm, rounds: '2' }, load);
    expect(r).toMatchObject({ ok: true, value: { target: { kind: 'demo' }, differ: { kind: 'url', a: '/log', b: '/hello' }, names: { a: 'with console.log', b: 'without console.log' }, rounds: 2, outputToFile: true, profile: true } });
  });

  it('says how long a round is from step 2, and never echoes a length that is not one ("-3 s of load")', () => {
    expect(roundLengthWords({ durationSec: '10', warmupSec: '2' })).toBe('each round is 10 s of load after 2 s of warm-up');
    expect(roundLengthWords({ durationSec: '1.5', warmupSec: '' })).toBe('each round is 1.5 s of load after 0 s of warm-up');
    expect(roundLengthWords({ durationSec: '3600', warmupSec: '0' })).toBe('each round is 3 600 s of load after 0 s of warm-up');
    for (const bad of ['-3', '0', '', 'ten']) expect(roundLengthWords({ durationSec: bad, warmupSec: '2' })).toBe('each round is as long as the load of step 2, once its duration is a number of seconds above 0');
    expect(roundLengthWords({ durationSec: '5', warmupSec: '-1' })).toBe("each round is 5 s of load, after step 2's warm-up once it is a number of seconds (0 or more)");
  });
});
