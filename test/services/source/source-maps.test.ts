// TypeScript and bundled code, recorded for real: a tsc-compiled Express
// server (maps in files beside the scripts), the same server bundled by
// esbuild (one inline data: map), and `node server.ts` (Node strips the types:
// no map needed). The profile must name the original .ts file and line, keep
// the generated location, and keep both through export and re-import.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFlambeService } from '../../../electron/services/service.ts';
import { recordRequestSchema, type FlambeEvent } from '../../../shared/api.ts';
import { displayFile, exportCpuProfileText, hotLines, importProfile, type Frame, type Profile } from '../../../shared/profile/index.ts';
import { buildVerdict } from '../../../shared/verdict/index.ts';
import { diffProfiles } from '../../../shared/profile/views/diff.ts';
import { repo, waitFor } from '../../helpers/demo.ts';

const service = createFlambeService();
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
afterAll(() => service.dispose());

// The fixture in a folder of its own, with the repository's node_modules (express, typescript, esbuild).
const dir = mkdtempSync(path.join(tmpdir(), 'flambe-ts-'));
cpSync(path.join(repo, 'test/fixtures/ts-server'), dir, { recursive: true });
symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'));
const bin = (name: string) => path.join(repo, 'node_modules/.bin', name);
const workSource = readFileSync(path.join(dir, 'src/work.ts'), 'utf8').split('\n');
const crunchLine = workSource.findIndex((l) => l.startsWith('export function crunch')) + 1;
const jsonLine = workSource.findIndex((l) => l.includes('return JSON.stringify(items)')) + 1;

/** The recording's profile as stored (getProfile's bytes: the mapping is in them, flambeOriginalFrames). */
async function recordScript(script: string, route: string): Promise<Uint8Array> {
  const t = await service.api.launchTarget({ script, cwd: dir });
  const base = await waitFor(async () => (await service.api.getTarget({ targetId: t.targetId })).suggestedUrls[0], 15_000, 'a listening port');
  const { recordingId } = await service.api.startRecording(recordRequestSchema.parse({
    targetId: t.targetId, warmupSec: 0, samplingIntervalUs: 500, load: { url: new URL(route, base).href, connections: 2, durationSec: 2 },
  }));
  await waitFor(() => events.find((e) => e.name === 'recordingDone' && e.payload.recordingId === recordingId), 60_000, 'recordingDone');
  await service.api.stopTarget({ targetId: t.targetId });
  const rec = await service.api.getRecording({ id: recordingId });
  expect(rec.error).toBeNull();
  expect(rec.load!.requests).toBeGreaterThan(0);
  return service.api.getProfile({ id: recordingId });
}

const frameNamed = (frames: Frame[], name: string) => frames.find((f) => f.name === name && f.kind === 'js');

/**
 * The /json route's hot line, in the original file: the hot-lines panel, the
 * JSON bucket (read on the original text) and the verdict all name
 * work.ts:<the JSON.stringify line> and quote it, and keep where it ran.
 */
function expectOriginalJsonLine(p: Profile, generatedFile: RegExp) {
  const catalogue = p.frames.findIndex((f) => f.name === 'catalogue' && f.kind === 'js');
  expect(p.frames[catalogue].url).toMatch(/\/src\/work\.ts$/);
  const top = hotLines(p, catalogue)[0];
  expect(top.url).toBe(p.frames[catalogue].url);
  expect(top.line).toBe(jsonLine);
  expect(top.text).toBe(workSource[jsonLine - 1].trim());
  expect(top.bucket).toBe('json');
  expect(top.generated!.url).toMatch(generatedFile);
  expect(top.generated!.line).not.toBe(jsonLine);
  expect(top.generated!.text).toMatch(/JSON\.stringify\(items\)/);
  const json = buildVerdict(p).findings.find((f) => f.kind === 'json')!;
  expect(json.function).toBe('catalogue');
  expect(json.location).toMatch(new RegExp(`/src/work\\.ts:${jsonLine}$`));
  expect(json.lineText).toBe(workSource[jsonLine - 1].trim());
  expect(json.generated!.location).toBe(`${displayFile(top.generated!.url)}:${top.generated!.line}`);
}

describe('source maps', () => {
  it('maps a tsc-compiled Express server to its .ts files and lines, keeping the generated location', async () => {
    execFileSync(bin('tsc'), ['-p', dir], { cwd: dir });
    const rec = await recordScript(path.join(dir, 'dist/server.js'), '/work');
    const p = importProfile(rec);
    const crunch = frameNamed(p.frames, 'crunch')!;
    expect(crunch.url).toMatch(/\/src\/work\.ts$/);
    expect(crunch.line).toBe(crunchLine);
    expect(crunch.generated!.url).toMatch(/\/dist\/work\.js$/);
    expect(crunch.generated!.line).not.toBe(crunchLine); // tsc erased the interfaces above it
    // Export and re-import keep both locations; a diff with itself matches every function.
    const again = importProfile(exportCpuProfileText(p));
    expect(frameNamed(again.frames, 'crunch')).toEqual(crunch);
    expect(diffProfiles(p, again).functions.every((r) => r.status === 'changed')).toBe(true);
  });

  it('maps the hot lines of tsc output to the .ts lines and their text, through export and re-import', async () => {
    const rec = await recordScript(path.join(dir, 'dist/server.js'), '/json');
    const p = importProfile(rec);
    expectOriginalJsonLine(p, /\/dist\/work\.js$/);
    expectOriginalJsonLine(importProfile(exportCpuProfileText(p)), /\/dist\/work\.js$/);
  });

  it('maps an esbuild bundle (inline data: map) to the .ts sources and node_modules', async () => {
    execFileSync(bin('esbuild'), ['src/server.ts', '--bundle', '--platform=node', '--sourcemap=inline', '--outfile=bundle/server.js', '--log-level=warning'], { cwd: dir });
    const rec = await recordScript(path.join(dir, 'bundle/server.js'), '/work');
    const p = importProfile(rec);
    const crunch = frameNamed(p.frames, 'crunch')!;
    expect(crunch.url).toMatch(/\/src\/work\.ts$/);
    expect(crunch.line).toBe(crunchLine);
    expect(crunch.generated!.url).toMatch(/\/bundle\/server\.js$/);
    // Express's own frames point into node_modules again, so the categories see a dependency.
    expect(p.frames.some((f) => f.generated && /\/node_modules\/(express|router)\//.test(f.url))).toBe(true);
    const json = importProfile(await recordScript(path.join(dir, 'bundle/server.js'), '/json'));
    // esbuild keeps the sources in the map (sourcesContent): the text needs no file.
    expectOriginalJsonLine(json, /\/bundle\/server\.js$/);
  });

  it('places the hot line of a file that ran as one line (esbuild --minify-whitespace, as tsx runs TypeScript) function by function', async () => {
    const src = path.join(repo, 'test/fixtures/ts-oneline/server.ts');
    execFileSync(bin('esbuild'), [src, '--platform=node', '--format=cjs', '--minify-whitespace', '--sourcemap=inline', '--outfile=oneline/server.js', '--log-level=warning'], { cwd: dir });
    const p = importProfile(await recordScript(path.join(dir, 'oneline/server.js'), '/'));
    const source = readFileSync(src, 'utf8').split('\n');
    const filterLine = source.findIndex((l) => l.includes('open.filter((o) => new RegExp')) + 1;
    // The arrow function's own code is one line of server.ts: its time is there, with that line's text.
    const arrow = p.frames.findIndex((f) => f.kind === 'js' && /ts-oneline\/server\.ts$/.test(f.url) && f.line === filterLine);
    expect(arrow, JSON.stringify(p.frames.filter((f) => /server\.ts$/.test(f.url)).map((f) => [f.name, f.line]))).toBeGreaterThanOrEqual(0);
    const top = hotLines(p, arrow)[0];
    expect(top).toMatchObject({ line: filterLine, text: source[filterLine - 1].trim(), bucket: 'regex' });
    const regex = buildVerdict(p).findings.find((f) => f.kind === 'regex')!;
    expect(regex.location).toMatch(new RegExp(`ts-oneline/server\\.ts:${filterLine}$`));
    // search's own loop shares the line with other code: no line is claimed for it, and never "server.ts:1".
    const search = frameNamed(p.frames, 'search')!;
    expect(search.url).toMatch(/ts-oneline\/server\.ts$/);
    expect(hotLines(p, p.frames.indexOf(search)).every((l) => l.url !== search.url || l.line !== 1)).toBe(true);
  });

  it('needs no map for `node server.ts` (Node strips the types in place)', async () => {
    const rec = await recordScript(path.join(dir, 'node-server.ts'), '/');
    const p = importProfile(rec);
    const tally = frameNamed(p.frames, 'tally')!;
    expect(tally.url).toMatch(/\/node-server\.ts$/);
    const source = readFileSync(path.join(dir, 'node-server.ts'), 'utf8').split('\n');
    expect(tally.line).toBe(source.findIndex((l) => l.startsWith('function tally')) + 1);
    expect(tally.generated).toBeUndefined();
  });
});
