// Validates V8's node/sample data and builds the model. Shared by the
// .cpuprofile importer (nodes list their children) and the Chrome trace
// importer (nodes name their parent). Every check names what is wrong; nothing
// is half-built: the model is created only after every check has passed.
import { formatCount, MAX_CALL_TREE_NODES, MAX_SAMPLES, tooManyNodes, tooManySamples } from './budgets.ts';
import { buildTree, describe, fail, type IdIndex } from './build-nodes.ts';
import { rememberNodeSelfMs } from './call-nodes.ts';
import { foldCollectorWork } from './collector-work.ts';
import { readSourceLines } from './lines.ts';
import { PROGRAM_NAME, type Frame, type Profile } from './model.ts';
import { mapFrames, readOriginalFrames, readOriginalLines } from './original-frames.ts';
import { timeSamples } from './timing.ts';

export interface RawProfile {
  nodes: unknown;
  /** How nodes link: V8's .cpuprofile lists children; trace ProfileChunks name the parent. */
  links: 'children' | 'parent';
  samples: unknown;
  timeDeltas: unknown;
  startTime: unknown;
  endTime: unknown;
  /** Flambé's own field: the text of hot lines (lines.ts). */
  sourceLines?: unknown;
  /** Flambé's own field: the last sample's weight in µs (timing.ts rule 3). */
  lastSampleUs?: unknown;
  /** Flambé's own field: original locations from source maps (original-frames.ts). */
  originalFrames?: unknown;
  /** Flambé's own field: original lines of hot generated lines (original-frames.ts). */
  originalLines?: unknown;
}

function isArrayLike(v: unknown): v is ArrayLike<unknown> {
  return Array.isArray(v) || v instanceof Float64Array || v instanceof Int32Array;
}

function optionalTime(v: unknown, name: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(`The profile's ${name} is ${describe(v)}, not a time in microseconds.`);
  return v as number;
}

/**
 * Node id → model node, as a flat table: V8 numbers nodes 1..n, so the table
 * is small. Files with ids far apart (a Map inside IdIndex) get their samples
 * translated here first, and an identity table.
 */
function nodeOfIdTable(rawSamples: ArrayLike<unknown>, ix: IdIndex, newIndex: Int32Array): { sampleIds: ArrayLike<unknown>; nodeOfId: Int32Array } {
  if (ix.table) {
    const direct = new Int32Array(ix.table.length);
    for (let id = 0; id < direct.length; id++) direct[id] = ix.table[id] < 0 ? -1 : newIndex[ix.table[id]];
    return { sampleIds: rawSamples, nodeOfId: direct };
  }
  const mapped = new Int32Array(rawSamples.length);
  for (let i = 0; i < mapped.length; i++) {
    const s = rawSamples[i];
    const old = typeof s === 'number' ? ix.lookup(s) : -1;
    if (old < 0) failOnSample(rawSamples, i);
    mapped[i] = newIndex[old];
  }
  return { sampleIds: mapped, nodeOfId: Int32Array.from({ length: newIndex.length }, (_, i) => i) };
}

function failOnSample(rawSamples: ArrayLike<unknown>, i: number): never {
  return fail(`samples[${i}] is ${describe(rawSamples[i])}, which is not the id of a node in the profile.`);
}

/**
 * Builds the model. `release`, when given, is called once the node objects
 * are no longer needed: an importer that parsed the JSON itself drops its
 * reference there, so on a big profile the garbage collector can free
 * 100 000s of node objects before the sample arrays are processed.
 */
export function buildProfile(raw: RawProfile, release?: () => void): Profile {
  if (!Array.isArray(raw.nodes)) return fail('The profile has no "nodes" list.');
  if (raw.nodes.length === 0) fail('The profile\'s "nodes" list is empty.');
  if (raw.nodes.length > MAX_CALL_TREE_NODES) fail(tooManyNodes(`This profile has ${formatCount(raw.nodes.length)}`));
  const tree = buildTree(raw.nodes as Record<string, unknown>[], raw.links);
  const { ids, index, order, newIndex, nodeParent, orphans } = tree;
  let { frames, nodeFrame, lineTicks } = tree;
  const n = nodeFrame.length;

  if (raw.samples === undefined || raw.samples === null) fail('The profile has no "samples" list: Flambé needs samples and timeDeltas (Node 12+ and Chrome write them).');
  if (!isArrayLike(raw.samples)) fail(`The profile's "samples" is ${describe(raw.samples)}, not a list of node ids.`);
  const rawSamples = raw.samples as ArrayLike<unknown>;
  const count = rawSamples.length;
  if (count > MAX_SAMPLES) fail(tooManySamples(count));
  const deltas = raw.timeDeltas;
  if (count > 0 && (deltas === undefined || deltas === null)) fail(`The profile has ${count} samples but no "timeDeltas": their times are unknown.`);
  if (deltas !== undefined && deltas !== null) {
    if (!isArrayLike(deltas)) fail(`The profile's "timeDeltas" is ${describe(deltas)}, not a list of numbers.`);
    const d = deltas as ArrayLike<unknown>;
    if (d.length !== count) fail(`The profile has ${count} samples but ${d.length} timeDeltas: there must be one per sample.`);
  }
  const startTime = optionalTime(raw.startTime, 'startTime') ?? 0;
  const endTime = optionalTime(raw.endTime, 'endTime');

  const programNode = programChild(frames, nodeFrame, nodeParent);
  if (programNode < 0 && count > 0 && indexOf(rawSamples, ids[order[0]]) >= 0) {
    // Rule 4 needs a (program) node for root samples. Add it to the input and
    // build again, so the model is the one a re-import of its export gives.
    return buildProfile(withProgramNode(raw, raw.nodes as Record<string, unknown>[], ids, order[0]), release);
  }
  release?.(); // from here on only the sample arrays are read
  // Flambé's request collector's own work, folded into one frame no table names (collector-work.ts).
  const folded = foldCollectorWork(frames, nodeFrame, nodeParent, lineTicks);
  if (folded) ({ frames, nodeFrame, lineTicks } = folded);
  const systemNode = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const k = frames[nodeFrame[i]].kind;
    systemNode[i] = i === 0 || k === 'program' || k === 'gc' || k === 'idle' ? 1 : 0;
  }
  const timeDeltasUs = (deltas ?? []) as ArrayLike<unknown>;
  const { sampleIds, nodeOfId } = nodeOfIdTable(rawSamples, index, newIndex);
  if (folded) for (let id = 0; id < nodeOfId.length; id++) if (nodeOfId[id] >= 0) nodeOfId[id] = folded.into[nodeOfId[id]];
  const lastSampleUs = typeof raw.lastSampleUs === 'number' && Number.isFinite(raw.lastSampleUs) ? raw.lastSampleUs : undefined;
  const timed = timeSamples({ sampleIds, nodeOfId, timeDeltasUs, startTimeUs: startTime, endTimeUs: endTime, lastSampleUs, nodeParent, systemNode, programNode });
  if (!timed.ok) {
    if (timed.problem === 'sample') failOnSamples(rawSamples, sampleIds, nodeOfId);
    if (timed.problem === 'delta') failOnDeltas(timeDeltasUs);
    if (timed.problem === 'span') fail(`The profile's samples span ${describeSpan(timed.spanUs)}, which is not a recording's clock: its timeDeltas (or endTime) cannot be real times.`);
    if (timed.problem === 'before-start') fail(`timeDeltas[${timed.index}] moves the clock ${describeSpan(timed.byUs)} before the profile's startTime: samples come after the start of a recording, so their times are unknown.`);
    if (timed.problem === 'past-end') fail(`timeDeltas[${timed.index}] moves the clock ${describeSpan(timed.atUs)} past the profile's startTime, but its endTime is ${describeSpan(timed.lengthUs)} after it: the samples' times are unknown.`);
    if (timed.problem === 'backwards') fail(`${timed.negative} of the ${timed.count} timeDeltas after the first are negative: the samples' clock runs backwards, so their times are unknown.`);
    return fail('A sample hit the root of a tree without a (program) node.'); // checked above: cannot happen
  }
  if (!Number.isFinite(timed.durationMs) || !Number.isFinite(timed.endTimeUs)) fail('The timeDeltas add up to an impossible time (too large to be a clock).');
  const originalFrames = readOriginalFrames(raw.originalFrames);
  const profile: Profile = { frames: originalFrames ? mapFrames(frames, originalFrames) : frames, nodeFrame, nodeParent, samples: timed.samples, weightsMs: timed.weightsMs, durationMs: timed.durationMs, startTimeUs: startTime, endTimeUs: timed.endTimeUs };
  if (lineTicks) profile.lineTicks = lineTicks;
  if (orphans) profile.orphans = { count: orphans.count, example: `node ${orphans.firstId} names a parent ${describe(orphans.missingParent)}` };
  if (originalFrames) profile.originalFrames = originalFrames;
  const originalLines = readOriginalLines(raw.originalLines);
  if (originalLines) profile.originalLines = originalLines;
  const sourceLines = readSourceLines(raw.sourceLines);
  if (sourceLines) profile.sourceLines = sourceLines;
  rememberNodeSelfMs(profile, timed.nodeSelfMs);
  return profile;
}

/** A span of µs in words ("3.4 s", "1 000 s", "12 days", "3.2e+286 years"). */
function describeSpan(us: number): string {
  const s = us / 1e6;
  if (s < 10) return `${Number(s.toFixed(1))} s`;
  if (s < 86_400) return `${formatCount(s)} s`;
  const days = us / 86_400e6;
  if (days < 365) return `${Math.round(days)} days`;
  const years = days / 365.25;
  return `${years < 1e6 ? formatCount(years) : years.toExponential(1)} years`;
}

/** Array.prototype.indexOf for plain and typed arrays (both native, both fast). */
function indexOf(list: ArrayLike<unknown>, value: number): number {
  return (list as unknown as { indexOf(v: unknown): number }).indexOf(value);
}

/** timeSamples met a sample id with no node: name the first one. */
function failOnSamples(rawSamples: ArrayLike<unknown>, sampleIds: ArrayLike<unknown>, nodeOfId: Int32Array): never {
  for (let i = 0; i < sampleIds.length; i++) {
    const id = sampleIds[i];
    if (typeof id !== 'number' || !(id >= 0 && id < nodeOfId.length && (id | 0) === id) || nodeOfId[id] < 0) failOnSample(rawSamples, i);
  }
  return fail('A sample points to no node of the profile.');
}

/** timeSamples refused the deltas: name the first bad one. */
function failOnDeltas(deltas: ArrayLike<unknown>): never {
  for (let i = 0; i < deltas.length; i++) {
    const v = deltas[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) fail(`timeDeltas[${i}] is ${describe(v)}, not a number of microseconds.`);
  }
  return fail('The timeDeltas add up to an impossible time (too large to be a clock).');
}

function programChild(frames: Frame[], nodeFrame: Int32Array, nodeParent: Int32Array): number {
  for (let i = 1; i < nodeFrame.length; i++) if (nodeParent[i] === 0 && frames[nodeFrame[i]].kind === 'program') return i;
  return -1;
}

/** The raw profile plus a (program) node as the root's last child. */
function withProgramNode(raw: RawProfile, nodes: Record<string, unknown>[], ids: Float64Array, root: number): RawProfile {
  let id = 0;
  for (let i = 0; i < ids.length; i++) if (ids[i] >= id) id = ids[i] + 1;
  const program: Record<string, unknown> = { id, callFrame: { functionName: PROGRAM_NAME, url: '', lineNumber: -1, columnNumber: -1 } };
  const copy = nodes.slice();
  if (raw.links === 'children') copy[root] = { ...nodes[root], children: [...((nodes[root].children as unknown[] | undefined) ?? []), id] };
  else program.parent = ids[root];
  copy.push(program);
  return { ...raw, nodes: copy };
}
