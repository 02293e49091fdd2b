// Malformed .flambe bundles are refused in one sentence before anything is
// written (issue 9 item 6): each case starts from a good bundle and breaks one thing.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Library } from '../../../electron/services/library/library.ts';
import { prepareImport } from '../../../electron/services/library/files.ts';
import { writeBundle } from '../../../shared/formats/bundle.ts';
import { makeRecording } from '../../helpers/profiles.ts';

type Bundle = { format: unknown; version: unknown; recording: Record<string, unknown> & { load: Record<string, unknown> } };
const good = (): Bundle => JSON.parse(writeBundle(makeRecording({ tags: ['a'], notes: 'n' })));

const cases: [string, (b: Bundle) => unknown, RegExp][] = [
  ['recording is missing', (b) => ({ ...b, recording: undefined }), /its recording is missing/],
  ['recording is a string', (b) => ({ ...b, recording: 'x' }), /its recording should be an object, not text/],
  ['name is a number', (b) => { b.recording.name = 42; }, /name should be text, not the number 42/],
  ['name is empty', (b) => { b.recording.name = '  '; }, /name has no name|name/],
  ['createdAt is missing', (b) => { delete b.recording.createdAt; }, /createdAt is missing/],
  ['createdAt is no date', (b) => { b.recording.createdAt = 'yesterday'; }, /createdAt is not a date/],
  ['profile is a string', (b) => { b.recording.profile = 'not a profile'; }, /profile should be an object, not text/],
  ['profile is a list', (b) => { b.recording.profile = [1, 2]; }, /profile should be an object, not a list/],
  ['profile is missing', (b) => { delete b.recording.profile; }, /profile is missing/],
  ['profile is an object but no profile', (b) => { b.recording.profile = { hello: 1 }; }, /is not a usable CPU profile/],
  ['tags is a string', (b) => { b.recording.tags = 'a,b'; }, /tags should be a list, not text/],
  ['a tag is a number', (b) => { b.recording.tags = ['ok', 7]; }, /tags\[1\] should be text, not the number 7/],
  ['a tag is empty', (b) => { b.recording.tags = ['']; }, /tags\[0\] has an empty tag/],
  ['a tag is too long', (b) => { b.recording.tags = ['x'.repeat(51)]; }, /tags\[0\] has a tag over 50 characters/],
  ['notes is an object', (b) => { b.recording.notes = {}; }, /notes should be text, not an object/],
  ['load.requests is text', (b) => { b.recording.load.requests = '12'; }, /load\.requests should be a number, not text/],
  ['load.rps is huge', (b) => { b.recording.load.rps = 1e300; }, /load\.rps is out of range/],
  ['load.requests is negative', (b) => { b.recording.load.requests = -5; }, /load\.requests is out of range/],
  ['load.latencyMs is missing', (b) => { delete b.recording.load.latencyMs; }, /load\.latencyMs is missing/],
  ['load.timeline is an object', (b) => { b.recording.load.timeline = {}; }, /load\.timeline should be a list/],
  ['target.kind is unknown', (b) => { (b.recording.target as Record<string, unknown>).kind = 'stolen'; }, /target\.kind has a value Flambé does not know/],
  ['target.pid is text', (b) => { (b.recording.target as Record<string, unknown>).pid = 'x'; }, /target\.pid should be a number/],
  ['samples is a number', (b) => { b.recording.samples = 3; }, /samples should be a list, not the number 3/],
  ['a sample has elu 5', (b) => { b.recording.samples = [{ tMs: 1, elu: 5, loopDelayP99Ms: null, heapUsedMb: 1, rssMb: 1, cpuPercent: 1 }]; }, /samples\[0\]\.elu is out of range/],
  ['settings.load.url is no URL', (b) => { ((b.recording.settings as Record<string, unknown>).load as Record<string, unknown>).url = 'nope'; }, /settings\.load\.url/],
  ['error is a number', (b) => { b.recording.error = 1; }, /error should be text, not the number 1/],
  ['version is text', (b) => { b.version = '1'; }, /version should be a number, not text/],
];

describe('a malformed .flambe bundle', () => {
  it(`has at least 18 cases in this table (${cases.length})`, () => expect(cases.length).toBeGreaterThanOrEqual(18));

  it.each(cases)('%s: refused in one sentence, nothing written', (_what, breakIt, message) => {
    const b = good();
    const changed = breakIt(b);
    const content = JSON.stringify(changed ?? b);
    const lib = new Library(path.join(mkdtempSync(path.join(tmpdir(), 'flambe-bundle-')), 'lib.sqlite'));
    try {
      let error: unknown = null;
      try {
        const { rec, packed } = prepareImport('bad.flambe', content);
        lib.save(rec, 'recorded', packed);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(Error);
      const text = (error as Error).message;
      expect((error as Error).name).toBe('UserError');
      expect(text).toMatch(/^bad\.flambe /);
      expect(text).toMatch(message);
      expect(text.split('\n')).toHaveLength(1);
      expect(lib.list({}).total).toBe(0);
    } finally {
      lib.close();
    }
  });

  it('a good bundle still imports unchanged, and extra unknown fields are dropped', () => {
    const rec = makeRecording({ tags: ['x'] });
    const withExtra = JSON.parse(writeBundle(rec));
    withExtra.recording.surprise = { big: true };
    const { rec: back, packed } = prepareImport('ok.flambe', JSON.stringify(withExtra));
    const { profile, ...meta } = rec;
    expect(back).toEqual({ ...meta, hasProfile: profile != null });
    expect(packed !== null).toBe(profile != null);
  });
});
