// Exporter to pprof (profile.proto, gzipped): what `go tool pprof` opens and
// Grafana Pyroscope ingests. Encoded by pprof-format (pure JS, the encoder
// @datadog/pprof uses); read back by shared/profile/pprof.ts, an independent
// decoder. Lives in the services because it gzips with node:zlib.
//
// pprof aggregates: one pprof sample per call-tree node that has samples,
// valued [count, wall nanoseconds]. "wall" because V8 samples the thread on a
// wall-clock timer, idle included (@datadog/pprof names its V8 profiles so).
// A location per function (its line: the function's start, as V8 gives it).
import { gzipSync } from 'node:zlib';
import { Function as PprofFunction, Line, Location, Profile as PprofProfile, Sample, StringTable, ValueType } from 'pprof-format';
import type { Profile } from '../../shared/profile/model.ts';

export interface PprofExportOptions {
  /** When the recording started (ms since 1970), for pprof's time_nanos; 0 when unknown. */
  startedAtMs?: number;
}

/** The profile as pprof bytes, not yet gzipped. */
export function encodePprof(profile: Profile, opts: PprofExportOptions = {}): Uint8Array {
  const { frames, nodeFrame, nodeParent, samples, weightsMs } = profile;
  const strings = new StringTable();
  // Per node: how many samples, how many ns.
  const count = new Float64Array(nodeFrame.length);
  const ns = new Float64Array(nodeFrame.length);
  for (let i = 0; i < samples.length; i++) {
    count[samples[i]]++;
    ns[samples[i]] += weightsMs[i] * 1e6;
  }
  // One function and one location per frame that appears (ids are 1-based; 0 means none in pprof).
  const locationOfFrame = new Int32Array(frames.length);
  const functions: PprofFunction[] = [];
  const locations: Location[] = [];
  const locationId = (frame: number): number => {
    if (locationOfFrame[frame] === 0) {
      const f = frames[frame];
      const id = functions.length + 1;
      functions.push(new PprofFunction({ id, name: strings.dedup(f.name), systemName: strings.dedup(f.name), filename: strings.dedup(f.url), startLine: f.line }));
      locations.push(new Location({ id, line: [new Line({ functionId: id, line: f.line, column: f.column })] }));
      locationOfFrame[frame] = id;
    }
    return locationOfFrame[frame];
  };
  const out: Sample[] = [];
  for (let node = 1; node < nodeFrame.length; node++) {
    if (count[node] === 0) continue;
    const stack: number[] = []; // leaf first, the root left out
    for (let n = node; n > 0; n = nodeParent[n]) stack.push(locationId(nodeFrame[n]));
    out.push(new Sample({ locationId: stack, value: [count[node], Math.round(ns[node])] }));
  }
  const meanNs = samples.length ? (profile.durationMs * 1e6) / samples.length : 0;
  const encoded = new PprofProfile({
    sampleType: [new ValueType({ type: strings.dedup('samples'), unit: strings.dedup('count') }), new ValueType({ type: strings.dedup('wall'), unit: strings.dedup('nanoseconds') })],
    sample: out,
    location: locations,
    function: functions,
    stringTable: strings,
    timeNanos: Math.round((opts.startedAtMs ?? 0) * 1e6),
    durationNanos: Math.round(profile.durationMs * 1e6),
    periodType: new ValueType({ type: strings.dedup('wall'), unit: strings.dedup('nanoseconds') }),
    period: Math.round(meanNs),
    defaultSampleType: strings.dedup('wall'),
  });
  return encoded.encode();
}

/** The profile as a .pb.gz file's bytes. */
export function exportPprof(profile: Profile, opts: PprofExportOptions = {}): Uint8Array {
  return gzipSync(encodePprof(profile, opts));
}
