// What a .flambe file must refuse or protect (issue 19 item 5): each case
// failed before — it was imported, stored, crashed with a stack trace, or
// shared a secret in clear.
import { describe, expect, it } from 'vitest';
import { prepareImport } from '../../../electron/services/library/files.ts';
import { writeBundle, writeBundleWithNote } from '../../../shared/formats/bundle.ts';
import { writeGroupBundle } from '../../../shared/formats/group-bundle.ts';
import { maskedSentence } from '../../../shared/recording/secrets.ts';
import type { ExperimentResult } from '../../../shared/experiment/types.ts';
import { makeRecording } from '../../helpers/profiles.ts';
import { readFileSync } from 'node:fs';

const refusal = (fileName: string, text: string): string => {
  try {
    prepareImport(fileName, text);
  } catch (e) {
    return (e as Error).message;
  }
  return 'imported';
};

/** The experiment of the fixture bundle (a real one), to break one thing at a time. */
const experimentBundle = () => JSON.parse(readFileSync('test/fixtures/bundles-v0/experiment.flambe', 'utf8')) as {
  group: { result: ExperimentResult & { comparison: { functions: { name: string }[] } }; members: { recording: { id: string } }[] };
};

describe('a .flambe file refuses', () => {
  it('a recording with neither a profile nor a load: nothing to import', () => {
    const text = writeBundle(makeRecording({ name: 'empty', profile: null, load: null }));
    expect(refusal('e.flambe', text)).toBe('e.flambe has nothing to import: its recording "empty" has neither a CPU profile nor load results.');
  });

  it('two rounds naming the same recording', () => {
    const b = experimentBundle();
    const [first, second] = b.group.result.rounds;
    second.recordingId = first.recordingId;
    b.group.members = b.group.members.filter((m) => m.recording.id === first.recordingId);
    expect(refusal('x.flambe', JSON.stringify(b))).toBe(`x.flambe is a damaged Flambé bundle: its experiment names the same recording in two rounds (${first.recordingId}). Nothing was imported.`);
  });

  it('a comparison over its size limits (a 100 MB function name was stored)', () => {
    const b = experimentBundle();
    b.group.result.comparison.functions[0].name = 'f'.repeat(100_001);
    expect(refusal('x.flambe', JSON.stringify(b))).toBe('x.flambe is a damaged Flambé bundle: result.comparison.functions[0].name is too long. Nothing was imported.');
  });

  it('Flambé\'s additions to the profile in a shape it does not write (typed: shared/recording/profile-extras.ts)', () => {
    const rec = JSON.parse(writeBundle(makeRecording({ name: 'odd' }))) as { recording: { profile: Record<string, unknown> } };
    rec.recording.profile.flambeOriginalFrames = { 'a.js\u00001\u00001': ['a.ts', 'three', 1, null] };
    expect(refusal('odd.flambe', JSON.stringify(rec))).toBe('odd.flambe is a damaged Flambé bundle: profile.flambeOriginalFrames.a.js·1·1[1] should be a number, not text. Nothing was imported.');
  });

  it.each([
    // Not in the schema before the profile was typed: each was imported as it came.
    ['flambeAllocations', { head: { callFrame: 'root' } }, 'profile.flambeAllocations.head.callFrame should be an object, not text'],
    ['flambeProbeMs', -5, 'profile.flambeProbeMs is out of range (the number -5)'],
  ])('every addition is checked: a damaged %s', (key, value, why) => {
    const rec = JSON.parse(writeBundle(makeRecording({ name: 'odd' }))) as { recording: { profile: Record<string, unknown> } };
    rec.recording.profile[key] = value;
    expect(refusal('odd.flambe', JSON.stringify(rec))).toBe(`odd.flambe is a damaged Flambé bundle: ${why}. Nothing was imported.`);
  });

  it('200 000 levels of nesting: one sentence, not a stack trace', () => {
    const depth = 200_000;
    const rec = JSON.parse(writeBundle(makeRecording({ name: 'deep' }))) as { recording: { profile: Record<string, unknown> } };
    const text = JSON.stringify(rec).replace('"profile":{', `"profile":{"deep":${'['.repeat(depth)}${']'.repeat(depth)},`);
    expect(refusal('deep.flambe', text)).toBe('deep.flambe is nested too deeply to read (a list or object inside another, thousands of levels down): it is not a file Flambé wrote. Nothing was imported.');
  });
});

describe('an exported .flambe protects secrets', () => {
  const rec = makeRecording({
    target: { kind: 'launched', label: 'server.js', pid: 1, nodeVersion: 'v24.0.0', argv: ['node', 'server.js', '--db', 'postgres://app:hunter2@db/app'],
      env: { API_TOKEN: 's3cret', MODE: 'a', DATABASE_URL: 'postgres://app:hunter2@db:5432/app' }, args: ['--db', 'postgres://app:hunter2@db/app'] },
  });

  it('masks secret-looking environment variables and URL passwords, and says so', () => {
    const { text, masked } = writeBundleWithNote(rec);
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('hunter2');
    const back = JSON.parse(text) as { masked: string[]; recording: { target: { env: Record<string, string>; args: string[] } } };
    expect(back.recording.target.env).toEqual({ API_TOKEN: '(masked)', MODE: 'a', DATABASE_URL: 'postgres://app:(masked)@db:5432/app' });
    expect(back.recording.target.args).toEqual(['--db', 'postgres://app:(masked)@db/app']);
    expect(back.masked).toEqual(masked);
    expect(maskedSentence(masked)).toBe('Masked 3 values that look secret (the password in a URL, environment variable API_TOKEN, environment variable DATABASE_URL); export with secrets included to keep them.');
  });

  it('keeps them when asked', () => {
    const { text, masked } = writeBundleWithNote(rec, { includeSecrets: true });
    expect(masked).toEqual([]);
    expect(text).toContain('"API_TOKEN":"s3cret"');
  });

  it('masks them in every recording of a group bundle', () => {
    const b = experimentBundle();
    const text = writeGroupBundle({
      kind: 'experiment', id: 'e', name: 'e', result: b.group.result,
      members: [{ recordingId: rec.id, label: 'A', round: 1, recording: rec }],
    });
    expect(text).not.toContain('s3cret');
    expect(JSON.parse(text).masked).toContain('environment variable API_TOKEN');
  });
});
