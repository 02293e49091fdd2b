// Exporter to pprof (profile.proto, gzipped): what `go tool pprof` opens and
// Grafana Pyroscope ingests. Encoded by pprof-format (pure JS, the encoder
// @datadog/pprof uses); read back by shared/profile/import/pprof.ts, an independent
// decoder. Lives in the services because it gzips with node:zlib.
//
// pprof aggregates: one pprof sample per call-tree node that has samples,
// valued [count, wall nanoseconds]. "wall" because V8 samples the thread on a
// wall-clock timer, idle included (@datadog/pprof names its V8 profiles so).
// A location per function (its line: the function's start, as V8 gives it).
// Several threads (worker threads) go in one file: each sample carries a
// "thread" label naming its thread (`go tool pprof -tagfocus thread=…`, and
// Flambé's import splits them back into threads).
import { gzipSync } from 'node:zlib';
import { Function as PprofFunction, Label, Line, Location, Profile as PprofProfile, Sample, StringTable, ValueType } from 'pprof-format';
import type { Frame, Profile } from '../../../shared/profile/model.ts';
import { THREAD_LABEL } from '../../../shared/profile/import/pprof.ts';
import type { NamedProfile } from '../../../shared/profile/threads.ts';

export interface PprofExportOptions {
  /** When the recording started (ms since 1970), for pprof's time_nanos; 0 when unknown. */
  startedAtMs?: number;
}

/** The profile (or every thread, each sample labelled with its thread) as pprof bytes, not yet gzipped. */
export function encodePprof(input: Profile | readonly NamedProfile[], opts: PprofExportOptions = {}): Uint8Array {
  const threads = Array.isArray(input) ? (input as readonly NamedProfile[]) : [{ name: '', profile: input as Profile }];
  const strings = new StringTable();
  // One function and one location per distinct frame (ids are 1-based; 0 means none in pprof).
  const locationOfKey = new Map<string, number>();
  const functions: PprofFunction[] = [];
  const locations: Location[] = [];
  const locationId = (f: Frame): number => {
    const key = `${f.name}\u0000${f.url}\u0000${f.line}\u0000${f.column}`;
    let id = locationOfKey.get(key);
    if (id === undefined) {
      id = functions.length + 1;
      functions.push(new PprofFunction({ id, name: strings.dedup(f.name), systemName: strings.dedup(f.name), filename: strings.dedup(f.url), startLine: f.line }));
      locations.push(new Location({ id, line: [new Line({ functionId: id, line: f.line, column: f.column })] }));
      locationOfKey.set(key, id);
    }
    return id;
  };
  const out: Sample[] = [];
  let durationMs = 0;
  let sampleCount = 0;
  const labelled = threads.length > 1;
  for (const { name, profile } of threads) {
    const { frames, nodeFrame, nodeParent, samples, weightsMs } = profile;
    // Per node: how many samples, how many ns.
    const count = new Float64Array(nodeFrame.length);
    const ns = new Float64Array(nodeFrame.length);
    for (let i = 0; i < samples.length; i++) {
      count[samples[i]]++;
      ns[samples[i]] += weightsMs[i] * 1e6;
    }
    const label = labelled ? [new Label({ key: strings.dedup(THREAD_LABEL), str: strings.dedup(name) })] : [];
    for (let node = 1; node < nodeFrame.length; node++) {
      if (count[node] === 0) continue;
      const stack: number[] = []; // leaf first, the root left out
      for (let n = node; n > 0; n = nodeParent[n]) stack.push(locationId(frames[nodeFrame[n]]));
      out.push(new Sample({ locationId: stack, value: [count[node], Math.round(ns[node])], label }));
    }
    durationMs = Math.max(durationMs, profile.durationMs);
    sampleCount += samples.length;
  }
  const totalMs = threads.reduce((sum, t) => sum + t.profile.durationMs, 0);
  const meanNs = sampleCount ? (totalMs * 1e6) / sampleCount : 0;
  const encoded = new PprofProfile({
    sampleType: [new ValueType({ type: strings.dedup('samples'), unit: strings.dedup('count') }), new ValueType({ type: strings.dedup('wall'), unit: strings.dedup('nanoseconds') })],
    sample: out,
    location: locations,
    function: functions,
    stringTable: strings,
    timeNanos: Math.round((opts.startedAtMs ?? 0) * 1e6),
    // The threads ran side by side: the profile lasted as long as the longest.
    durationNanos: Math.round(durationMs * 1e6),
    periodType: new ValueType({ type: strings.dedup('wall'), unit: strings.dedup('nanoseconds') }),
    period: Math.round(meanNs),
    defaultSampleType: strings.dedup('wall'),
  });
  return encoded.encode();
}

/** The profile as a .pb.gz file's bytes. */
export function exportPprof(profile: Profile | readonly NamedProfile[], opts: PprofExportOptions = {}): Uint8Array {
  return gzipSync(encodePprof(profile, opts));
}
