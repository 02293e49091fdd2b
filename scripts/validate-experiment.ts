#!/usr/bin/env node
// npm run validate:experiment — does the experiment runner tell a real change
// from noise on this machine? Runs N A/A experiments (/hello against /hello)
// and N A/B experiments (/log against /hello) on the demo server, through the
// same service the app and the CLI use, and prints how many A/A experiments
// raised a false alarm and how many A/B ones found the change.
// Targets (issue 11): ≤ 1 false alarm in 10 A/A, 10/10 detections.
// Not part of npm test: it takes minutes. Bounded by --max-minutes.
import { parseArgs } from 'node:util';
import { createFlambeService } from '../electron/services/service.ts';
import type { ExperimentSpec } from '../shared/api.ts';
import type { ExperimentResult } from '../shared/experiment/types.ts';

const { values } = parseArgs({
  options: {
    experiments: { type: 'string', default: '10' }, rounds: { type: 'string', default: '3' }, duration: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '0.5' }, connections: { type: 'string', default: '4' }, 'max-minutes': { type: 'string', default: '20' },
    'no-profile': { type: 'boolean' },
  },
});
const n = Number(values.experiments);
const deadline = Date.now() + Number(values['max-minutes']) * 60_000;
const service = createFlambeService({ libraryPath: null });

async function run(spec: ExperimentSpec): Promise<ExperimentResult> {
  let resolveDone!: (id: string) => void;
  const done = new Promise<string>((r) => (resolveDone = r));
  const off = service.onEvent((e) => { if (e.name === 'experimentDone') resolveDone(e.payload.experimentId); });
  const { experimentId } = await service.api.startExperiment(spec);
  let id = await done;
  while (id !== experimentId) id = await done;
  off();
  return service.api.getExperiment({ id: experimentId });
}

const spec = (a: string, b: string): ExperimentSpec => ({
  target: { kind: 'demo' }, differ: { kind: 'url', a, b }, rounds: Number(values.rounds),
  load: { connections: Number(values.connections), durationSec: Number(values.duration) }, warmupSec: Number(values.warmup),
  profile: !values['no-profile'], outputToFile: true, save: false,
});

const pct = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;
const ci = (c: [number, number] | null) => (c ? `[${pct(c[0])}, ${pct(c[1])}]` : '[n/a]');
const results = { aa: { run: 0, rpsAlarms: 0, p99Alarms: 0 }, ab: { run: 0, rpsFound: 0, loggingFound: 0 } };
const started = Date.now();
console.log(`validate:experiment — ${n} A/A (/hello vs /hello) and ${n} A/B (/log vs /hello) on the demo server, interleaved;`);
console.log(`${values.rounds} rounds each side, ${values.duration} s of load after ${values.warmup} s warm-up, ${values.connections} connections, profiling ${values['no-profile'] ? 'off' : 'on'}, output to a file.\n`);

try {
  for (let i = 0; i < n; i++) {
    for (const kind of ['aa', 'ab'] as const) {
      if (Date.now() > deadline) break;
      const exp = await run(kind === 'aa' ? spec('/hello', '/hello') : spec('/log', '/hello'));
      const c = exp.comparison;
      const perRound = exp.rounds.map((r) => `${r.variant}${Math.round(r.rps ?? 0)}`).join(' ');
      if (exp.status !== 'done' || !c) {
        console.log(`${kind.toUpperCase()} #${i + 1}: ${exp.status} — ${exp.error ?? 'no comparison'}`);
        continue;
      }
      if (!c.load) continue;
      const rps = c.load.rps;
      const p99 = c.load.p99Ms;
      if (kind === 'aa') {
        results.aa.run++;
        if (rps.significant) results.aa.rpsAlarms++;
        if (p99.significant) results.aa.p99Alarms++;
        console.log(`A/A #${i + 1} (${exp.order}): req/s ${rps.a.toFixed(0)} vs ${rps.b.toFixed(0)} ${pct(rps.deltaPercent ?? 0)} ${ci(rps.ci95)} ${rps.significant ? 'FALSE ALARM' : 'no clear difference'}; p99 ${p99.significant ? 'FALSE ALARM' : 'ok'}  [rounds: ${perRound}]`);
      } else {
        results.ab.run++;
        const found = rps.significant === true && (rps.deltaPercent ?? 0) > 0;
        const logging = c.buckets.find((b) => b.name === 'logging');
        const loggingFound = !!logging?.significant && (logging.deltaMsPer1k ?? 0) < 0;
        if (found) results.ab.rpsFound++;
        if (loggingFound) results.ab.loggingFound++;
        console.log(`A/B #${i + 1} (${exp.order}): req/s ${rps.a.toFixed(0)} → ${rps.b.toFixed(0)} ${pct(rps.deltaPercent ?? 0)} ${ci(rps.ci95)} ${found ? 'FOUND' : 'not found'}; `
          + `logging ${logging ? `${(logging.aMsPer1k ?? 0).toFixed(1)} → ${(logging.bMsPer1k ?? 0).toFixed(1)} ms/1k ${loggingFound ? 'FOUND' : 'not found'}` : 'n/a'}  [rounds: ${perRound}]`);
      }
    }
    if (Date.now() > deadline) { console.log(`\nStopped at the ${values['max-minutes']}-minute bound.`); break; }
  }
} finally {
  await service.dispose();
}

console.log(`\nA/A false alarms (req/s): ${results.aa.rpsAlarms} of ${results.aa.run}   (p99: ${results.aa.p99Alarms} of ${results.aa.run})   target ≤ 1 in 10`);
console.log(`A/B detections (req/s, B faster): ${results.ab.rpsFound} of ${results.ab.run}   target 10 of 10`);
if (!values['no-profile']) console.log(`A/B detections (logging CPU per 1 000 requests, from the profiles): ${results.ab.loggingFound} of ${results.ab.run}`);
console.log(`Took ${((Date.now() - started) / 60_000).toFixed(1)} minutes.`);
