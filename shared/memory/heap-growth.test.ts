import { describe, expect, it } from 'vitest';
import { findGrowing } from './heap-growth.ts';
import { parseHeapSnapshot } from './heap-snapshot.ts';
import { heapSnapshotText } from './test-support/heap-snapshot-text.ts';

const ANY = { minCount: 1, minBytes: 1 };

/** The module's function sees `sent` in its context; `sent` holds the Buffers (each with its ArrayBuffer and 16 KiB backing store). */
function feed(buffers: number, extra: string[] = []) {
  const ids = Array.from({ length: buffers }, (_, i) => 100 + i * 6);
  return parseHeapSnapshot(heapSnapshotText([
    'root synthetic - #1 0 -> element 1 roots',
    'roots synthetic (GC roots) #3 0 -> element 1 handler',
    'handler closure onRequest #5 32 -> internal context ctx @7:5',
    'module closure - #6 32 -> internal context ctx @7:0',
    `ctx hidden system / Context #9 40 -> context sent arr, internal closure module`,
    `arr object Array #11 32 -> ${ids.map((_, i) => `element ${i} b${i}`).join(', ') || 'internal map shape'}`,
    'shape object_shape - #13 40',
    ...ids.flatMap((id, i) => [
      `b${i} object Buffer #${id} 100 -> internal buffer ab${i}, internal map shape`,
      `ab${i} object ArrayBuffer #${id + 2} 96 -> internal backing_store d${i}`,
      `d${i} native system / JSArrayBufferData #${id + 4} 16384`,
    ]),
    ...extra,
  ]));
}

describe('findGrowing', () => {
  it('names the Buffers kept and what holds them: the variable, its kind and where its functions are', () => {
    const [buffers, ...rest] = findGrowing(feed(1), feed(3), ANY);
    // Their ArrayBuffers and backing stores are in the Buffers' bytes, not said again.
    expect(rest).toEqual([]);
    expect(buffers).toEqual({
      kind: 'Buffer', countDelta: 2, bytesDelta: 2 * (100 + 96 + 16384), newCount: 2,
      // The first function (by line) past the module's own line 0 that sees the context.
      holder: { name: 'sent', kind: 'Array', via: 'variable', owner: null, scriptId: 7, line: 5 },
      path: ['sent (Array)', '[2]', 'Buffer'],
    });
  });

  it('finds nothing between two snapshots of a server that keeps nothing', () => {
    expect(findGrowing(feed(3), feed(3), ANY)).toEqual([]);
  });

  it('keeps to its thresholds: a few small objects are a server at work, not a leak', () => {
    expect(findGrowing(feed(1), feed(3))).toEqual([]);
  });

  it('says a Map\'s entries with the Map, and what they hold (their history arrays and items) with them', () => {
    const sessions = (n: number) => parseHeapSnapshot(heapSnapshotText([
      'root synthetic - #1 0 -> element 1 roots',
      'roots synthetic (GC roots) #3 0 -> element 1 handler',
      'handler closure - #5 32 -> internal context ctx @2:8',
      'ctx hidden system / Context #9 40 -> context sessions map',
      `map object Map #11 32 -> internal table t${n}`,
      // The table is reallocated as the Map grows: a new one in each snapshot.
      `t${n} array - #${1000 + n} ${16 * n} -> ${Array.from({ length: n }, (_, i) => `hidden ${i} s${i}`).join(', ')}`,
      ...Array.from({ length: n }, (_, i) => [
        `s${i} object Object #${20 + i * 10} 40 -> property history h${i}, property user u${i}`,
        `h${i} object Array #${22 + i * 10} 32 -> element 0 x${i}, element 1 y${i}`,
        `x${i} object Object #${24 + i * 10} 24`,
        `y${i} object Object #${26 + i * 10} 24`,
        `u${i} string user${i} #${28 + i * 10} 20`,
      ]).flat(),
    ]));
    const [objects, ...rest] = findGrowing(sessions(2), sessions(6), ANY);
    expect(rest).toEqual([]);
    expect(objects).toMatchObject({
      kind: 'Object', countDelta: 12, bytesDelta: 4 * (40 + 32 + 24 + 24 + 20), newCount: 4,
      holder: { name: 'sessions', kind: 'Map', via: 'variable', line: 8 },
      path: ['sessions (Map)', '(table)', '(5)', 'Object'],
    });
  });

  it('names a property of an object that was already there when no variable holds the container', () => {
    const service = (n: number) => parseHeapSnapshot(heapSnapshotText([
      'root synthetic - #1 0 -> element 1 roots',
      'roots synthetic (GC roots) #3 0 -> element 1 svc',
      'svc object PriceService #5 32 -> property cache arr',
      `arr object Array #7 32 -> ${Array.from({ length: n }, (_, i) => `element ${i} p${i}`).join(', ')}`,
      ...Array.from({ length: n }, (_, i) => `p${i} object Price #${9 + 2 * i} 64`),
    ]));
    expect(findGrowing(service(1), service(4), ANY)).toEqual([{
      kind: 'Price', countDelta: 3, bytesDelta: 192, newCount: 3,
      holder: { name: 'cache', kind: 'Array', via: 'property', owner: 'PriceService', scriptId: null, line: null },
      path: ['PriceService', 'cache (Array)', '[3]', 'Price'],
    }]);
  });

  it('refuses two snapshots whose ids do not name the same objects (the heap profiler was restarted between them)', () => {
    // The same ids, given afresh to other kinds of objects.
    const renumbered = parseHeapSnapshot(heapSnapshotText([
      'root synthetic - #1 0 -> element 1 roots',
      'roots synthetic (GC roots) #3 0 -> element 1 a, element 2 b, element 3 c',
      'a object Date #5 32', 'b object Set #9 32', 'c object WeakMap #11 32',
    ]));
    expect(() => findGrowing(feed(1), renumbered, ANY)).toThrow(/do not number their objects alike/);
  });
});

describe("what holds it, through the app's own variables (issue 35)", () => {
  // Script 9 is a package's (Express), script 7 the app's. The kept objects are in an Array, `receipts`, a property of
  // a plain Object, `locals`, a property of the function `app`. Nearest the root, a package's closure holds that
  // function in its variable `match`; the app's module holds it in its variable `app`. Or ('variables') both hold
  // the Array itself, the package's `match` nearer the root.
  const shop = (kept: number, heldBy: 'locals' | 'variables') => parseHeapSnapshot(heapSnapshotText([
    'root synthetic - #1 0 -> element 1 roots',
    'roots synthetic (GC roots) #3 0 -> element 1 libctx, element 2 libfn, element 3 handler',
    'libfn closure handle #5 32 -> internal context libctx @9:240',
    `libctx hidden system / Context #7 40 -> context match ${heldBy === 'locals' ? 'held' : 'arr'}`,
    'handler closure - #9 32 -> internal context appctx @7:5',
    `appctx hidden system / Context #11 40 -> context ${heldBy === 'locals' ? 'app held' : 'receipts arr'}`,
    ...(heldBy === 'locals' ? ['held closure app #13 32 -> property locals locals', 'locals object Object #15 32 -> property receipts arr'] : []),
    `arr object Array #17 32 -> ${Array.from({ length: kept }, (_, i) => `element ${i} o${i}`).join(', ') || 'internal map shape'}`,
    'shape object_shape - #19 40',
    ...Array.from({ length: kept }, (_, i) => `o${i} object Object #${100 + 2 * i} 64`),
  ]));

  it("names a property of a plain Object by the app's variable that reaches it, past a package's local", () => {
    const [objects] = findGrowing(shop(1, 'locals'), shop(4, 'locals'), { ...ANY, libraryScripts: new Set([9]) });
    expect(objects.holder).toEqual({ name: 'app.locals.receipts', kind: 'Array', via: 'variable', owner: null, scriptId: 7, line: 5 });
  });

  it("walks past a package's local variable to the app's own", () => {
    expect(findGrowing(shop(1, 'variables'), shop(4, 'variables'), { ...ANY, libraryScripts: new Set([9]) })[0].holder)
      .toMatchObject({ name: 'receipts', via: 'variable', scriptId: 7 });
    // Told no script is a package's, the nearest variable is the holder: the package's `match`.
    expect(findGrowing(shop(1, 'variables'), shop(4, 'variables'), ANY)[0].holder).toMatchObject({ name: 'match', scriptId: 9 });
  });
});
