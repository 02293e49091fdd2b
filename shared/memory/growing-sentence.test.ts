import { describe, expect, it } from 'vitest';
import type { Growing } from '../recording/growing.ts';
import { declarationLine, growingEmptySentence, growingIsFinding, growingKindText, growingSentence } from './growing-sentence.ts';

const feed: Growing = {
  seconds: 3.04, requests: 11_846, pausedSec: { first: 0.4, second: 0.5 }, snapshotMb: { first: 10.9, second: 13.1 },
  kinds: [{
    kind: 'Buffer', countDelta: 11_411, bytesDelta: 189_240_024, path: ['sent (Array)', '[30909]', 'Buffer'],
    holder: { name: 'sent', kind: 'Array', via: 'variable', owner: null, url: 'file:///srv/app/feed.js', line: 5 },
  }],
  allocatedAlive: [
    { function: 'Uint8Array', url: '', line: 0, category: 'native', bytes: 1_247_168 },
    { function: '(anonymous)', url: 'file:///srv/app/feed.js', line: 6, category: 'user', bytes: 1_419_792 },
  ],
  error: null,
};

describe('what find-growth says', () => {
  it('names the kind, how many and how much more, and the variable that holds them with its line', () => {
    expect(growingKindText(feed.kinds[0])).toBe('11 411 Buffers (+180 MiB) held by `sent` (an Array) in feed.js:5');
    expect(growingSentence(feed)).toBe('Between two heap snapshots 3 s apart under load, the process gained 11 411 Buffers (+180 MiB) held by `sent` (an Array) in feed.js:5. '
      + 'What your code allocated between them and was still alive at the second was allocated most by (anonymous) (feed.js:6) (1.4 MiB on the JS heap, V8\'s sampled estimate). '
      + 'The snapshots paused the process 0.4 s and 0.5 s; 11 846 requests were served under that load.');
    expect(growingIsFinding(feed)).toBe(true);
  });

  it('names a property of an object, and says so when nothing on the path has a name', () => {
    expect(growingKindText({ kind: '(string)', countDelta: 1, bytesDelta: 2e6, path: [], holder: { name: 'cache', kind: 'Map', via: 'property', owner: 'PriceService', url: null, line: null } }))
      .toBe('1 string (+1.9 MiB) held by the `cache` property (a Map) of a PriceService');
    expect(growingKindText({ kind: 'Object', countDelta: 500, bytesDelta: 300_000, path: [], holder: null }))
      .toBe('500 Objects (+293 KiB), held by nothing Flambé could name (no variable or property on the path that keeps them)');
  });

  it('is no finding below the growth rule\'s floor, nor when it could not look', () => {
    expect(growingIsFinding({ ...feed, kinds: [{ ...feed.kinds[0], bytesDelta: 300_000 }] })).toBe(false);
    expect(growingSentence({ ...feed, kinds: [], error: 'Flambé could not find what grows: the target refused the snapshot.' })).toBeNull();
  });

  it('says what it could not tell when too few requests were served between the snapshots, with their pauses', () => {
    const none: Growing = { ...feed, kinds: [], allocatedAlive: [], requests: 2, pausedSec: { first: 3.94, second: 6.4 }, seconds: 3.1 };
    expect(growingEmptySentence(none)).toBe('Cannot tell yet what grows: only 2 requests were served while the two heap snapshots were taken 3.1 s apart, '
      + 'fewer than the 50 new objects a kind must gain to be named (the snapshots paused the process 3.9 s and 6.4 s). Record again with Find what grows when the machine is less busy.');
    expect(growingEmptySentence({ ...none, requests: 9000 })).toBe('Between two heap snapshots 3.1 s apart under load, no kind of object grew by more than 256 KiB and 50 objects: '
      + 'nothing the snapshots can name grew. The snapshots paused the process 3.9 s and 6.4 s; 9 000 requests were served under that load.');
  });

  it('finds the line a variable is declared on, not a line that only uses it', () => {
    const source = '// A feed\nconst http = require("http");\n\nconst sent = [];\nhttp.createServer((req, res) => { sent.push(1); }).listen(0);\n';
    expect(declarationLine(source, 'sent')).toBe(4);
    expect(declarationLine('let resent = 1;\nvar sent = 2;', 'sent')).toBe(2);
    expect(declarationLine('x.sent = 1;', 'sent')).toBeNull();
    expect(declarationLine('const a = 1;', '(anonymous)')).toBeNull();
  });
});
