// Importer for pprof (profile.proto, uncompressed: gzip is undone at the
// edges): Go's CPU profiles, @datadog/pprof and Pyroscope's Node wall/CPU
// profiles, and Flambé's own export (export-pprof in the services).
// Spec: https://github.com/google/pprof/blob/main/proto/profile.proto
//
// pprof aggregates: each sample is a stack (leaf first) with values, no
// timestamp. We keep one model sample per pprof sample (or per counted
// sample when a "samples"/"count" type says how many it stands for), in file
// order, weighing the chosen time value — so every function's self and total
// time are pprof's own; the time axis is the file's order, not real time.
// Frames: a Location with several Lines is inlined code (the last Line is the
// caller); a Function's start_line is the frame's line (as V8's callFrame),
// the Line's column its column, the Line's own line a hot-line tick.
import { buildProfile } from '../build-model.ts';
import { formatCount, MAX_CALL_TREE_NODES, MAX_STACK_DEPTH, tooDeep, tooManyNodes } from '../budgets.ts';
import { ProfileFormatError } from '../format-error.ts';
import type { Profile } from '../model.ts';
import { ProtoReader } from './protobuf-reader.ts';
import { MAIN_THREAD_NAME, type NamedProfile } from '../threads.ts';

interface PprofFunction { name: number; filename: number; startLine: number }
interface PprofLine { functionId: number; line: number; column: number }

export interface PprofData {
  sampleTypes: { type: string; unit: string }[];
  /** `thread`: the value of the sample's "thread" string label (Flambé's export of several threads), when it has one. */
  samples: { locations: number[]; values: number[]; labels: [key: number, str: number][] }[];
  locations: Map<number, PprofLine[]>;
  functions: Map<number, PprofFunction>;
  strings: string[];
  timeNanos: number;
  durationNanos: number;
  defaultSampleType: number;
}

/** Decodes profile.proto bytes. Throws ProfileFormatError when they are not one. */
export function decodePprof(bytes: Uint8Array): PprofData {
  const r = new ProtoReader(bytes);
  const rawTypes: [number, number][] = [];
  const out: PprofData = { sampleTypes: [], samples: [], locations: new Map(), functions: new Map(), strings: [], timeNanos: 0, durationNanos: 0, defaultSampleType: 0 };
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (wire === 2 && field === 1) rawTypes.push(valueType(r.sub()));
    else if (wire === 2 && field === 2) out.samples.push(sample(r.sub()));
    else if (wire === 2 && field === 4) {
      const [id, lines] = location(r.sub());
      out.locations.set(id, lines);
    } else if (wire === 2 && field === 5) {
      const [id, fn] = func(r.sub());
      out.functions.set(id, fn);
    } else if (wire === 2 && field === 6) out.strings.push(r.string());
    else if (wire === 0 && field === 9) out.timeNanos = r.int64();
    else if (wire === 0 && field === 10) out.durationNanos = r.int64();
    else if (wire === 0 && field === 14) out.defaultSampleType = r.int64();
    else r.skip(wire);
  }
  if (out.strings[0] !== '') throw new ProfileFormatError('This file is not a pprof profile: its string table does not start with the empty string.');
  const str = (i: number) => out.strings[i] ?? '';
  out.sampleTypes = rawTypes.map(([t, u]) => ({ type: str(t), unit: str(u) }));
  return out;
}

function valueType(r: ProtoReader): [number, number] {
  let type = 0;
  let unit = 0;
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (wire === 0 && field === 1) type = r.int64();
    else if (wire === 0 && field === 2) unit = r.int64();
    else r.skip(wire);
  }
  return [type, unit];
}

function sample(r: ProtoReader): PprofData['samples'][number] {
  const locations: number[] = [];
  const values: number[] = [];
  const labels: [number, number][] = [];
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (field === 1 && (wire === 0 || wire === 2)) r.varints(wire, locations);
    else if (field === 2 && (wire === 0 || wire === 2)) r.varints(wire, values);
    else if (field === 3 && wire === 2) {
      // Label { key = 1; str = 2; num = 3; num_unit = 4 }: string labels are kept.
      const l = r.sub();
      let key = 0;
      let str = 0;
      while (!l.done()) {
        const t = l.tag();
        if (t.wire === 0 && t.field === 1) key = l.int64();
        else if (t.wire === 0 && t.field === 2) str = l.int64();
        else l.skip(t.wire);
      }
      if (key && str) labels.push([key, str]);
    } else r.skip(wire);
  }
  return { locations, values, labels };
}

function location(r: ProtoReader): [number, PprofLine[]] {
  let id = 0;
  const lines: PprofLine[] = [];
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (wire === 0 && field === 1) id = r.varint();
    else if (wire === 2 && field === 4) {
      const l = r.sub();
      const line: PprofLine = { functionId: 0, line: 0, column: 0 };
      while (!l.done()) {
        const t = l.tag();
        if (t.wire === 0 && t.field === 1) line.functionId = l.varint();
        else if (t.wire === 0 && t.field === 2) line.line = l.int64();
        else if (t.wire === 0 && t.field === 3) line.column = l.int64();
        else l.skip(t.wire);
      }
      lines.push(line);
    } else r.skip(wire);
  }
  return [id, lines];
}

function func(r: ProtoReader): [number, PprofFunction] {
  let id = 0;
  const fn: PprofFunction = { name: 0, filename: 0, startLine: 0 };
  while (!r.done()) {
    const { field, wire } = r.tag();
    if (wire === 0 && field === 1) id = r.varint();
    else if (wire === 0 && field === 2) fn.name = r.int64();
    else if (wire === 0 && field === 4) fn.filename = r.int64();
    else if (wire === 0 && field === 5) fn.startLine = r.int64();
    else r.skip(wire);
  }
  return [id, fn];
}

const TIME_UNITS: Record<string, number> = { nanoseconds: 1e-3, microseconds: 1, milliseconds: 1e3, seconds: 1e6 };
/** Beyond this many model samples, counted samples are not split (memory). */
const MAX_SPLIT_SAMPLES = 2_000_000;

/** The time sample type to weigh by: the default one if it is a time, else cpu, wall, then any time. */
function timeValueIndex(p: PprofData): number {
  const isTime = (i: number) => p.sampleTypes[i] !== undefined && TIME_UNITS[p.sampleTypes[i].unit] !== undefined;
  if (p.defaultSampleType) {
    const i = p.sampleTypes.findIndex((t) => t.type === p.strings[p.defaultSampleType]);
    if (isTime(i)) return i;
  }
  for (const want of ['cpu', 'wall', 'time']) {
    const i = p.sampleTypes.findIndex((t, k) => t.type === want && isTime(k));
    if (i >= 0) return i;
  }
  return p.sampleTypes.findIndex((_, k) => isTime(k));
}

/** True for bytes that decode as a pprof profile with samples and a string table. */
export function isPprof(bytes: Uint8Array): boolean {
  try {
    const p = decodePprof(bytes);
    return p.sampleTypes.length > 0;
  } catch {
    return false;
  }
}

/** The label that names a sample's thread (Flambé's export; `go tool pprof -tagfocus thread=…`). */
export const THREAD_LABEL = 'thread';

/** pprof bytes (not gzipped) → model of the main thread (all samples when no sample names a thread). Throws ProfileFormatError. */
export function importPprof(bytes: Uint8Array): Profile {
  return importPprofThreads(bytes)[0].profile;
}

/**
 * pprof bytes → one profile per thread: samples grouped by their "thread"
 * label, the one named "main thread" first, then in order of appearance;
 * one "main thread" with every sample when no sample has the label.
 */
export function importPprofThreads(bytes: Uint8Array): NamedProfile[] {
  const p = decodePprof(bytes);
  const key = p.strings.indexOf(THREAD_LABEL);
  const groups = new Map<string, PprofData['samples']>();
  for (const s of p.samples) {
    const label = key > 0 ? s.labels.find((l) => l[0] === key) : undefined;
    const name = label ? (p.strings[label[1]] ?? '') : '';
    let list = groups.get(name);
    if (!list) groups.set(name, (list = []));
    list.push(s);
  }
  const names = [...groups.keys()];
  if (names.length <= 1) return [{ name: MAIN_THREAD_NAME, profile: profileOfSamples(p, p.samples) }];
  const main = names.includes(MAIN_THREAD_NAME) ? MAIN_THREAD_NAME : names.includes('') ? '' : names[0];
  return [main, ...names.filter((n) => n !== main)].map((n) => ({ name: n || MAIN_THREAD_NAME, profile: profileOfSamples(p, groups.get(n)!) }));
}

type RawNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children: number[]; ticks?: Map<number, number> };

/**
 * Some samples of a pprof file → the model: a call tree with a node per
 * (parent, function frame), one sample per counted sample (a sample that
 * counts N is split in N of 1/N its time, up to MAX_SPLIT_SAMPLES in all),
 * and its time on a clock that starts at 0.
 */
function profileOfSamples(p: PprofData, samples: PprofData['samples']): Profile {
  const { vi, toUs, ci, split } = timeValues(p, samples);
  const frames = stackFrames(p, samples);
  // Call tree: node 0 is the root.
  const nodes: RawNode[] = [{ id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1 }, children: [] }];
  const { keysOf, frameOfKey } = locationFrames(p);
  // A child's id, node × K + key: K bounds the distinct keys (every location line), so ids are small integers.
  let K = 1;
  for (const lines of p.locations.values()) K += lines.length;
  const childOf = new Map<number, number>();
  const sampleIds: number[] = [];
  const weights: number[] = [];
  for (let si = 0; si < samples.length; si++) {
    const s = samples[si];
    const us = (s.values[vi] ?? 0) * toUs;
    if (!(us > 0)) continue;
    let node = 0;
    let leafLine = 0;
    // Outermost first: locations are leaf first, and a location's last line is the caller.
    for (let k = s.locations.length - 1; k >= 0; k--) {
      const keys = keysOf(si, s.locations[k]);
      const lines = p.locations.get(s.locations[k])!;
      for (let j = keys.length - 1; j >= 0; j--) {
        const id = node * K + keys[j];
        let child = childOf.get(id);
        if (child === undefined) {
          child = nodes.length;
          if (child >= MAX_CALL_TREE_NODES) throw new ProfileFormatError(tooManyNodes(`This pprof file would build up to ${formatCount(frames)}`));
          childOf.set(id, child);
          const f = frameOfKey[keys[j]];
          nodes.push({ id: child + 1, callFrame: { functionName: f.name, url: f.url, lineNumber: f.line > 0 ? f.line - 1 : -1, columnNumber: f.column > 0 ? f.column - 1 : -1 }, children: [] });
          nodes[node].children.push(child + 1);
        }
        node = child;
        leafLine = lines[j].line;
      }
    }
    const count = split ? Math.max(1, s.values[ci] ?? 1) : 1;
    if (node === 0) node = programNode(nodes);
    else if (leafLine > 0) {
      const ticks = (nodes[node].ticks ??= new Map());
      ticks.set(leafLine, (ticks.get(leafLine) ?? 0) + count);
    }
    for (let c = 0; c < count; c++) {
      sampleIds.push(node + 1);
      weights.push(us / count);
    }
  }
  if (sampleIds.length === 0 && samples.length > 0) {
    const t = p.sampleTypes[vi];
    throw new ProfileFormatError(`None of this pprof file's ${samples.length} samples has a positive ${t.type} time (${t.unit}): there is no time to show.`);
  }
  const raw = nodes.map((x) => ({
    id: x.id, callFrame: x.callFrame, children: x.children,
    ...(x.ticks ? { positionTicks: [...x.ticks].map(([line, ticks]) => ({ line, ticks })) } : {}),
  }));
  return buildProfile({ nodes: raw, links: 'children', samples: sampleIds, ...clockOf(weights) });
}

/**
 * Which value is the time (vi, with its unit → µs), and which the count (ci):
 * a sample counted N times is split when the counts add up to no more than
 * MAX_SPLIT_SAMPLES. Throws when the file holds no time.
 */
function timeValues(p: PprofData, samples: PprofData['samples']): { vi: number; toUs: number; ci: number; split: boolean } {
  if (p.sampleTypes.length === 0) throw new ProfileFormatError('This pprof file has no sample types: it holds no profile.');
  const vi = timeValueIndex(p);
  if (vi < 0) {
    const kinds = p.sampleTypes.map((t) => `${t.type}/${t.unit}`).join(', ');
    throw new ProfileFormatError(`This pprof profile measures ${kinds}, not time: Flambé opens CPU and wall-time profiles (a heap or allocation profile cannot become a flamegraph of time).`);
  }
  const toUs = TIME_UNITS[p.sampleTypes[vi].unit];
  const ci = p.sampleTypes.findIndex((t) => (t.type === 'samples' || t.type === 'sample') && t.unit === 'count');
  let total = 0;
  if (ci >= 0) for (const s of samples) total += Math.max(0, s.values[ci] ?? 0);
  return { vi, toUs, ci, split: ci >= 0 && total <= MAX_SPLIT_SAMPLES };
}

/** The frames of every sample's stack, counted before any is built (budgets.ts): a 9 KB file can hold stacks of 200 000 frames. */
function stackFrames(p: PprofData, samples: PprofData['samples']): number {
  let frames = 0;
  for (let si = 0; si < samples.length; si++) {
    let depth = 0;
    for (const id of samples[si].locations) depth += p.locations.get(id)?.length ?? 0;
    if (depth > MAX_STACK_DEPTH) throw new ProfileFormatError(tooDeep('pprof file', depth, si));
    frames += depth;
  }
  return frames;
}

/**
 * Each location line's frame as a small integer (one per distinct name, url,
 * line, column), so a child is found by a number, not a string built per
 * frame of every sample. `keysOf` reads a location once.
 */
function locationFrames(p: PprofData) {
  const str = (i: number) => p.strings[i] ?? '';
  const frameKeys = new Map<string, number>();
  const keysOfLocation = new Map<number, Int32Array>();
  const frameOfKey: { name: string; url: string; line: number; column: number }[] = [];
  const keysOf = (si: number, locationId: number): Int32Array => {
    let keys = keysOfLocation.get(locationId);
    if (keys) return keys;
    const lines = p.locations.get(locationId);
    if (!lines) throw new ProfileFormatError(`pprof sample ${si} names a location ${locationId} that is not in the profile.`);
    keys = new Int32Array(lines.length);
    for (let j = 0; j < lines.length; j++) {
      const fn = p.functions.get(lines[j].functionId);
      if (!fn) throw new ProfileFormatError(`pprof location ${locationId} names a function ${lines[j].functionId} that is not in the profile.`);
      const name = str(fn.name);
      const url = str(fn.filename);
      const line = fn.startLine > 0 ? fn.startLine : lines[j].line;
      const column = lines[j].column; // V8 exports (Flambé's, @datadog/pprof) put the function's column here
      const key = `${name}\u0000${url}\u0000${line}\u0000${column}`;
      let k = frameKeys.get(key);
      if (k === undefined) {
        k = frameOfKey.length;
        frameKeys.set(key, k);
        frameOfKey.push({ name, url, line, column });
      }
      keys[j] = k;
    }
    keysOfLocation.set(locationId, keys);
    return keys;
  };
  return { keysOf, frameOfKey };
}

/**
 * The samples' clock from their weights (µs): each sample lasts its weight,
 * the first at 0. Wall-clock nanoseconds since 1970 would cost the weights
 * their digits: the clock starts at 0.
 */
function clockOf(weights: readonly number[]): { timeDeltas: number[]; startTime: number; endTime: number; lastSampleUs: number } {
  const n = weights.length;
  const timeDeltas = new Array<number>(n);
  let t = 0;
  for (let i = 0; i < n; i++) {
    timeDeltas[i] = i === 0 ? 0 : weights[i - 1];
    t += timeDeltas[i];
  }
  const startTime = 0;
  const last = n ? weights[n - 1] : 0;
  return { timeDeltas, startTime, endTime: startTime + t + last, lastSampleUs: last };
}

/** A sample with an empty stack: time outside any function, as V8's (program). */
function programNode(nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children: number[] }[]): number {
  const found = nodes[0].children.find((id) => nodes[id - 1].callFrame.functionName === '(program)');
  if (found !== undefined) return found - 1;
  nodes.push({ id: nodes.length + 1, callFrame: { functionName: '(program)', url: '', lineNumber: -1, columnNumber: -1 }, children: [] });
  nodes[0].children.push(nodes.length);
  return nodes.length - 1;
}
