// What `flambe sweep` and `flambe overhead` share with `flambe record`: the
// target flags (--launch, --attach, --no-profile), the load flags, and the
// service with its target connected and the URL resolved.
import { parseArgs } from 'node:util';
import { describeValidationError, loadSettingsSchema, type LoadSettings, type TargetInfo } from '../../shared/api.ts';
import { UserError } from '../services/errors.ts';
import type { FlambeService } from '../services/service.ts';
import { startService } from './lazy-service.ts';
import { ProgressLine } from './terminal-output.ts';
import { bodyFromFlag, envFromFlags, headersFromFlags, num } from './flag-values.ts';
import { waitForSuggestedUrls } from './suggested-urls.ts';
import { parseHostPort } from './record-input.ts';
import { routesFromFlags } from './load-flags.ts';
import { resolveLibraryPath } from '../services/library/library-path.ts';
import { urlOnListeningPort } from '../../shared/load/listening-ports.ts';

export const TARGET_OPTIONS = {
  launch: { type: 'string' }, node: { type: 'string' }, cwd: { type: 'string' }, env: { type: 'string', multiple: true },
  attach: { type: 'string' }, 'allow-remote': { type: 'boolean' }, 'no-profile': { type: 'boolean' },
  url: { type: 'string' }, method: { type: 'string', short: 'm' }, header: { type: 'string', short: 'H', multiple: true },
  body: { type: 'string', short: 'b' }, timeout: { type: 'string' }, warmup: { type: 'string' },
  route: { type: 'string', multiple: true }, routes: { type: 'string' }, rate: { type: 'string' }, 'load-threads': { type: 'string' },
  'sampling-interval': { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
} as const;

type Values = Record<string, string | boolean | string[] | undefined>;

export function parseCommand<O extends Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>>(argv: string[], options: O, command: string) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, tokens: true, options });
  } catch (e) {
    throw new UserError(`${(e as Error).message.split('. ')[0].replace(/\.$/, '')} (see "flambe ${command} --help").`);
  }
}

export interface Connected {
  service: FlambeService;
  target: TargetInfo | null;
  url: string;
  line: ProgressLine;
}

/** Starts the service, launches or attaches, and resolves the URL to load. The caller disposes the service. */
export async function connectTarget(o: Values, scriptArgs: string[], opts: { requireTarget: boolean; command: string; save?: boolean; library?: string }): Promise<Connected> {
  const modes = [o.launch !== undefined, o.attach !== undefined, !!o['no-profile']].filter(Boolean).length;
  if (modes === 0) throw new UserError(opts.requireTarget ? 'Say which server to measure: --launch SCRIPT or --attach HOST:PORT.' : 'Say what to load: --launch SCRIPT, --attach HOST:PORT, or --no-profile for a load test only.');
  if (modes > 1) throw new UserError('Use only one of --launch, --attach and --no-profile.');
  if (o['no-profile'] && opts.requireTarget) throw new UserError(`flambe ${opts.command} compares runs with and without the profiler: it needs --launch or --attach.`);
  if ((o['no-profile'] || o.attach !== undefined) && !o.url) throw new UserError(`${o.attach !== undefined ? '--attach' : '--no-profile'} needs --url: the address of the server to load.`);
  const env = envFromFlags(o.env as string[] | undefined);
  // Its work is registered beside the library even when it keeps nothing there: the app on that library must not be disturbed, nor disturb it.
  const service = await startService({
    libraryPath: opts.save ? resolveLibraryPath(opts.library) : null, workSharedWith: resolveLibraryPath(opts.library), program: `flambe ${opts.command}`, keepsUnsavedInMemory: false,
  });
  const line = new ProgressLine(process.stderr, !o.json);
  try {
    let target: TargetInfo | null = null;
    if (o.launch !== undefined) {
      line.status(`Launching ${o.launch as string}`);
      target = await service.api.launchTarget({ script: o.launch as string, args: scriptArgs, cwd: o.cwd as string | undefined, env, nodePath: o.node as string | undefined });
    } else if (o.attach !== undefined) {
      const { host, port } = parseHostPort(o.attach as string);
      line.status(`Attaching to ${host}:${port}`);
      target = await service.api.attachTarget({ host, port, confirmRemote: !!o['allow-remote'] });
    }
    let url = o.url as string | undefined;
    if ((!url || url.startsWith('/')) && target) {
      const chosen = urlOnListeningPort(url ?? null, await waitForSuggestedUrls(service.api.getTarget, target.targetId, line));
      if ('error' in chosen) throw new UserError(chosen.error);
      url = chosen.url;
    }
    return { service, target, url: url!, line };
  } catch (e) {
    await service.dispose();
    throw e;
  }
}

/** The load settings from the shared flags (connections and duration are the command's own). */
export function loadFromFlags(o: Values, url: string, extra: Partial<LoadSettings>): LoadSettings {
  const headers = headersFromFlags(o.header as string[] | undefined);
  const load = {
    url, method: (o.method as string | undefined)?.toUpperCase(), headers, body: bodyFromFlag(o.body as string | undefined),
    timeoutSec: num(o.timeout as string | undefined, '--timeout'),
    routes: routesFromFlags(o.route as string[] | undefined, o.routes as string | undefined), rate: num(o.rate as string | undefined, '--rate'),
    threads: num(o['load-threads'] as string | undefined, '--load-threads'),
    ...extra,
  };
  const check = loadSettingsSchema.safeParse(load);
  if (!check.success) throw new UserError(describeValidationError(check.error));
  return load as LoadSettings;
}

/** The script's own arguments (after "--"); anything else positional is refused. */
export function scriptArgsOf(tokens: ReturnType<typeof parseArgs>['tokens']): string[] {
  const all = tokens ?? [];
  const terminator = all.findIndex((t) => t.kind === 'option-terminator');
  const stray = all.find((t, i) => t.kind === 'positional' && (terminator < 0 || i < terminator));
  if (stray && stray.kind === 'positional') throw new UserError(`Unexpected argument "${stray.value}": put the script's own arguments after "--".`);
  return terminator < 0 ? [] : all.slice(terminator + 1).flatMap((t) => (t.kind === 'positional' ? [t.value] : []));
}
