#!/usr/bin/env node
// npm run validate:experiment — does the experiment runner tell a real change
// from noise on this machine? Runs N A/A experiments (/hello against /hello)
// and N A/B experiments (/log against /hello) on the demo server, through the
// same service the app and the CLI use, and prints how many A/A experiments
// raised a false alarm and how many A/B ones found the change.
// Targets (issue 11): ≤ 1 false alarm in 10 A/A, 10/10 detections.
// Not part of npm test: it takes minutes. Bounded by --max-minutes.
//
// What counts: the experiment's claims as its verdict makes them, each a
// paired 95% interval over the pairs of rounds — requests/s, the CPU time
// the whole process spends per 1 000 requests (shared/compare
// process-cpu.ts), the profile's CPU per 1 000 requests, and the CPU per
// 1 000 requests of each kind of work in the profiles (logging, JSON, …: the
// culprit's cost). An A/A experiment raises a
// false alarm when any of them is significant; an A/B one finds the change
// when one of them says /hello is the cheaper (faster, less CPU, less
// logging) and none says the opposite. Each measure's own count is printed
// too, and p99.
// Defaults: 5 pairs of 1-second rounds with no per-round warm-up (the demo is
// warmed once when it starts): shorter rounds, more pairs — on a busy 2-core
// box the noise within a pair hardly grows when rounds get shorter, while
// every extra pair lowers Student's t (4.30 with 3 pairs, 2.78 with 5).
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createFlambeService } from '../electron/services/service.ts';
import type { ExperimentSpec } from '../shared/api.ts';
import type { Metric } from '../shared/compare/index.ts';
import type { ExperimentResult } from '../shared/experiment/types.ts';

const { values } = parseArgs({
  options: {
    experiments: { type: 'string', default: '10' }, rounds: { type: 'string', default: '5' }, duration: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '0' }, connections: { type: 'string', default: '4' }, 'max-minutes': { type: 'string', default: '15' },
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
  profile: true, outputToFile: true, save: false,
});

const pct = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(0)}%`;
const ci = (m: Metric | null | undefined) => (m?.ci95 ? `[${pct(m.ci95[0])}, ${pct(m.ci95[1])}]` : '[n/a]');
const mark = (m: Metric | null | undefined) => (m?.significant ? '*' : '~');
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const counts = {
  aa: { run: 0, any: 0, rps: 0, cpu: 0, profileCpu: 0, work: 0, p99: 0 },
  ab: { run: 0, found: 0, rps: 0, cpu: 0, profileCpu: 0, logging: 0, wrongWay: 0 },
};
const started = Date.now();
console.log(`validate:experiment — ${n} A/A (/hello vs /hello) and ${n} A/B (/log vs /hello) on the demo server;`);
console.log(`${values.rounds} pairs of rounds (back to back, alternating which goes first), ${values.duration} s of load each after ${values.warmup} s warm-up, ${values.connections} connections, profiling on, output to a file.`);
console.log(`Paired 95% intervals; * significant, ~ no clear difference. Load average at start: ${load()}\n`);

try {
  for (let i = 0; i < n && Date.now() < deadline; i++) {
    for (const kind of ['aa', 'ab'] as const) {
      if (Date.now() > deadline) break;
      const exp = await run(kind === 'aa' ? spec('/hello', '/hello') : spec('/log', '/hello'));
      const c = exp.comparison;
      const label = `${kind === 'aa' ? 'A/A' : 'A/B'} #${i + 1}`;
      if (exp.status !== 'done' || !c?.load) {
        console.log(`${label}: ${exp.status} — ${exp.error ?? 'no comparison'}`);
        continue;
      }
      const rps = c.load.rps;
      const cpu = c.processCpuMsPer1k;
      const profileCpu = c.cpuMsPer1kRequests;
      const rounds = exp.rounds.map((r) => `${r.variant}${Math.round(r.rps ?? 0)}/${Math.round(r.processCpuMsPer1k ?? 0)}`).join(' ');
      const line = `req/s ${rps.a.toFixed(0)}→${rps.b.toFixed(0)} ${pct(rps.deltaPercent ?? 0)} ${ci(rps)}${mark(rps)}  CPU ms/1k ${cpu ? `${cpu.a.toFixed(0)}→${cpu.b.toFixed(0)} ${pct(cpu.deltaPercent ?? 0)} ${ci(cpu)}${mark(cpu)}` : 'n/a'}`
        + `  profile CPU ${profileCpu ? `${pct(profileCpu.deltaPercent ?? 0)} ${ci(profileCpu)}${mark(profileCpu)}` : 'n/a'}`;
      if (kind === 'aa') {
        counts.aa.run++;
        const work = c.buckets.filter((b) => b.significant);
        const alarm = !!rps.significant || !!cpu?.significant || !!profileCpu?.significant || work.length > 0;
        if (alarm) counts.aa.any++;
        if (rps.significant) counts.aa.rps++;
        if (cpu?.significant) counts.aa.cpu++;
        if (profileCpu?.significant) counts.aa.profileCpu++;
        if (work.length) counts.aa.work++;
        if (c.load.p99Ms.significant) counts.aa.p99++;
        console.log(`${label}: ${line}${work.length ? `  kinds of work: ${work.map((b) => b.name).join(', ')}*` : ''}  ${alarm ? 'FALSE ALARM' : 'no clear difference'}  [req/s / CPU ms per 1k by round: ${rounds}]`);
      } else {
        counts.ab.run++;
        const rpsUp = rps.significant === true && (rps.deltaPercent ?? 0) > 0;
        const cpuDown = cpu?.significant === true && (cpu.deltaPercent ?? 0) < 0;
        const logging = c.buckets.find((b) => b.id === 'logging');
        const loggingFound = !!logging?.significant && (logging.deltaMsPer1k ?? 0) < 0;
        const profileDown = profileCpu?.significant === true && (profileCpu.deltaPercent ?? 0) < 0;
        const wrongWay = (rps.significant === true && !rpsUp) || (cpu?.significant === true && !cpuDown) || (profileCpu?.significant === true && !profileDown)
          || (!!logging?.significant && !loggingFound);
        const found = (rpsUp || cpuDown || profileDown || loggingFound) && !wrongWay;
        if (profileDown) counts.ab.profileCpu++;
        if (found) counts.ab.found++;
        if (rpsUp) counts.ab.rps++;
        if (cpuDown) counts.ab.cpu++;
        if (loggingFound) counts.ab.logging++;
        if (wrongWay) counts.ab.wrongWay++;
        console.log(`${label}: ${line}  logging ${(logging?.aMsPer1k ?? 0).toFixed(0)}→${(logging?.bMsPer1k ?? 0).toFixed(0)} ms/1k${logging?.significant ? '*' : '~'}  ${found ? 'FOUND' : 'not found'}  [${rounds}]`);
      }
      console.log(`   verdict: ${c.verdict}`);
    }
  }
  if (Date.now() > deadline) console.log(`\nStopped at the ${values['max-minutes']}-minute bound.`);
} finally {
  await service.dispose();
}

const { aa, ab } = counts;
console.log(`\nA/A false alarms: ${aa.any} of ${aa.run} (req/s ${aa.rps}, process CPU per 1 000 requests ${aa.cpu}, profile CPU per 1 000 requests ${aa.profileCpu}, a kind of work ${aa.work}; p99 ${aa.p99})   target ≤ 1 in 10`);
console.log(`A/B detections:   ${ab.found} of ${ab.run} (req/s ${ab.rps}, process CPU per 1 000 requests ${ab.cpu}, profile CPU per 1 000 requests ${ab.profileCpu}, logging CPU per 1 000 requests ${ab.logging}; the wrong way round ${ab.wrongWay})   target 10 of 10`);
console.log(`Took ${((Date.now() - started) / 60_000).toFixed(1)} minutes. Load average at the end: ${load()}`);
