import { describe, expect, it } from 'vitest';
import { HeapSnapshotError, HeapSnapshotParser, parseHeapSnapshot } from './heap-snapshot.ts';
import { buildHeapGraph } from './heap-graph.ts';
import { heapSnapshotText } from './test-support/heap-snapshot-text.ts';

// Written by hand in V8's format: a root, the GC roots, an Array holding a string, and a weak reference to it.
const HAND_WRITTEN = `{"snapshot":{"meta":{"node_fields":["type","name","id","self_size","edge_count","trace_node_id","detachedness"],
"node_types":[["hidden","array","string","object","code","closure","regexp","number","native","synthetic","concatenated string","sliced string","symbol","bigint","object shape"],"string","number","number","number","number","number"],
"edge_fields":["type","name_or_index","to_node"],"edge_types":[["context","element","property","internal","hidden","shortcut","weak"],"string_or_number","node"],
"trace_function_info_fields":["function_id","name","script_name","script_id","line","column"],"trace_node_fields":["id","function_info_index","count","size","children"],
"sample_fields":["timestamp_us","last_assigned_id"],"location_fields":["object_index","script_id","line","column"]},"node_count":4,"edge_count":4,"trace_function_count":0},
"nodes":[9,0,1,0,1,0,0
,9,1,3,0,1,0,0
,3,2,5,32,2,0,0
,2,3,7,24,0,0,0],
"edges":[1,1,7
,1,0,14
,1,0,21
,6,4,21],
"trace_function_infos":[],
"trace_tree":[[1,2,[3,4,[]]]],
"samples":[1000,7],
"locations":[14,3,9,2],
"strings":["","(GC roots)","Array","hello \\"world\\"","weak"]}`;

describe('HeapSnapshotParser', () => {
  it('reads a snapshot written by hand: nodes, edges, locations and strings, skipping allocation tracking', () => {
    const s = parseHeapSnapshot(HAND_WRITTEN);
    expect(s.nodeCount).toBe(4);
    expect(s.edgeCount).toBe(4);
    expect([...s.nodes.subarray(14, 21)]).toEqual([3, 2, 5, 32, 2, 0, 0]);
    expect([...s.edges]).toEqual([1, 1, 7, 1, 0, 14, 1, 0, 21, 6, 4, 21]);
    expect([...s.locations]).toEqual([14, 3, 9, 2]);
    expect(s.strings).toEqual(['', '(GC roots)', 'Array', 'hello "world"', 'weak']);
  });

  it('reads the same whatever the chunks it arrives in (split at every character)', () => {
    const whole = parseHeapSnapshot(HAND_WRITTEN);
    for (let i = 1; i < HAND_WRITTEN.length; i++) {
      const p = new HeapSnapshotParser();
      p.push(HAND_WRITTEN.slice(0, i));
      p.push(HAND_WRITTEN.slice(i));
      expect(p.finish()).toEqual(whole);
    }
    const p = new HeapSnapshotParser();
    for (const ch of HAND_WRITTEN) p.push(ch);
    expect(p.finish()).toEqual(whole);
  });

  it('says in one sentence what is wrong with a file that is not a whole snapshot', () => {
    expect(() => parseHeapSnapshot('{"head":{"callFrame":{}}}')).toThrow(HeapSnapshotError);
    expect(() => parseHeapSnapshot(HAND_WRITTEN.slice(0, 900))).toThrow(/cut short|ended before its strings/);
    expect(() => parseHeapSnapshot(HAND_WRITTEN.replace('"node_count":4', '"node_count":5'))).toThrow('This heap snapshot holds 4 nodes and 4 edges where its header says 5 and 4: it is damaged.');
  });
});

describe('buildHeapGraph', () => {
  it('finds each node\'s distance, immediate dominator and retained size, weak edges keeping nothing', () => {
    // root → a, root → b; a → c, b → c; c → d; a holds e weakly, and b holds it strongly.
    const g = buildHeapGraph(parseHeapSnapshot(heapSnapshotText([
      'root synthetic - #1 0 -> element 1 a, element 2 b',
      'a object A #3 10 -> property c c, weak w e',
      'b object B #5 20 -> property c c, property e e',
      'c object C #7 30 -> property d d',
      'd object D #9 40',
      'e object E #11 50',
    ])));
    const name = (n: number) => (n === 0xffffffff ? 'none' : g.nameOf(n) || 'root');
    expect(Array.from({ length: 6 }, (_, n) => name(g.idom[n]))).toEqual(['none', 'root', 'root', 'root', 'C', 'B']);
    expect([...g.retained]).toEqual([150, 10, 70, 70, 40, 50]);
    expect([...g.distance]).toEqual([0, 1, 1, 2, 3, 2]);
  });
});
