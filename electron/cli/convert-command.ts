// flambe convert: a profile to another format — .cpuprofile (Node, Chrome,
// VS Code, speedscope), collapsed stacks (flamegraph.pl), speedscope JSON,
// pprof (go tool pprof, Grafana Pyroscope), the Chrome trace format. Every
// thread of the file is kept (cpuprofile, trace, pprof), or the one --thread picks.
import { printLines } from './terminal.ts';
import { writeFileOrSay } from '../services/write-failure.ts';
import path from 'node:path';
import { exportCollapsed, exportSpeedscope } from '../../shared/profile/index.ts';
import { UserError } from '../services/errors.ts';
import { chosenThreads, profileFile } from '../services/formats/export-recording.ts';
import { formatBytes } from '../../shared/number-format.ts';
import { oneOf, parseCommandArgs, positionals, readProfileThreads } from './profile-input.ts';
import { CONVERT_HELP } from './help/convert-help.ts';

const FORMATS = ['cpuprofile', 'trace', 'pprof', 'collapsed', 'speedscope'] as const;

export async function convertCommand(argv: string[]): Promise<number> {
  const { values: o, positionals: args } = parseCommandArgs('convert', argv, {
    to: { type: 'string' }, out: { type: 'string', short: 'o' }, thread: { type: 'string' }, help: { type: 'boolean', short: 'h' },
  });
  if (o.help) {
    process.stdout.write(CONVERT_HELP);
    return 0;
  }
  const [file] = positionals(args, 1, 'the profile file to convert', 'convert');
  if (o.to === undefined) throw new UserError(`Say which format to write with --to (${FORMATS.join(', ')}).`);
  const to = oneOf(o.to, '--to', FORMATS, 'cpuprofile');
  if (!o.out) throw new UserError('Say where to write with --out FILE.');
  const out = path.resolve(o.out);
  if (out === path.resolve(file)) throw new UserError('--out must be another file than the one you convert.');
  const thread = o.thread === undefined ? undefined : Number(o.thread);
  if (thread !== undefined && !(Number.isInteger(thread) && thread >= 0)) throw new UserError(`--thread takes a thread number (0 = the main thread); "${o.thread}" is not one.`);
  const all = readProfileThreads(file);
  const threads = chosenThreads(all, thread ?? (to === 'collapsed' || to === 'speedscope' ? 0 : undefined));
  const text = to === 'collapsed' ? exportCollapsed(threads[0].profile)
    : to === 'speedscope' ? JSON.stringify(exportSpeedscope(threads[0].profile, path.basename(file)))
    : profileFile(threads, to);
  writeFileOrSay(out, text);
  const which = all.length === 1 ? '' : threads.length === all.length ? `, ${all.length} threads` : `, thread ${all.indexOf(threads[0])} (${threads[0].name})`;
  printLines(process.stdout, [
    `Wrote ${out} (${to}${which}, ${formatBytes(typeof text === 'string' ? Buffer.byteLength(text) : text.byteLength)}).`,
    ...(all.length > 1 ? [`Threads: ${all.map((t, i) => `${i} ${t.name}`).join(', ')}.`] : []),
  ]);
  return 0;
}
