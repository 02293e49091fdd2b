// The CLI's path of a recording (issue 19): `flambe record --json --out
// x.flambe` → `flambe library import x.flambe` gives back the same recording —
// a two-route burst at a fixed rate, with the target's env — and the numbers
// --json printed are the imported recording's.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Library } from '../../electron/services/library/library.ts';
import { demoScript, runFlambe } from '../helpers/demo.ts';
import { latencyJson } from '../../electron/cli/load-json.ts';
import type { RecordingResult } from '../../shared/recording/recording.ts';

describe('flambe record --out x.flambe → flambe library import', () => {
  it('carries every field of the recording, and --json printed its numbers', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'flambe-rt-cli-'));
    const out = path.join(dir, 'burst.flambe');
    const libraryFile = path.join(dir, 'lib.sqlite');
    const r = await runFlambe(['record', '--launch', demoScript, '--env', 'API_TOKEN=s3cret', '--route', 'GET /hello', '--route', 'GET /json',
      '--rate', '150', '-c', '4', '-d', '1', '--warmup', '0', '--sampling-interval', '5000', '--json', '--out', out]);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout) as { load: { requests: number; rps: number; latencyMs: unknown; rate: unknown } };
    const written = (JSON.parse(readFileSync(out, 'utf8')) as { recording: RecordingResult }).recording;
    expect(written.load!.routes!.map((x) => x.path)).toEqual(['/hello', '/json']);

    const imported = await runFlambe(['library', 'import', out, '--library', libraryFile]);
    expect(imported.code).toBe(0);
    const lib = new Library(libraryFile);
    try {
      const back = lib.get(imported.stdout.trim());
      expect(back).toEqual(written);
      expect(back.target!.env).toEqual({ API_TOKEN: 's3cret' }); // the user's own file: nothing masked
      expect(back.load!.phases).toBeDefined();
      expect(printed.load.requests).toBe(back.load!.requests);
      expect(printed.load.latencyMs).toEqual(latencyJson(back.load!.latencyMs));
      expect(printed.load.rate).toEqual(back.load!.rate);
    } finally {
      lib.close();
    }
  }, 120_000);
});
