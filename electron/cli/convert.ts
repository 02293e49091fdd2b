// flambe convert: a profile to another format — .cpuprofile (Node, Chrome,
// VS Code, speedscope), collapsed stacks (flamegraph.pl), speedscope JSON,
// pprof (go tool pprof, Grafana Pyroscope).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportCollapsed, exportCpuProfileText, exportSpeedscope } from '../../shared/profile/index.ts';
import { UserError } from '../services/errors.ts';
import { exportPprof } from '../services/export-pprof.ts';
import { formatBytes } from './format.ts';
import { oneOf, parseCommandArgs, positionals, readProfileFile } from './profile-input.ts';

export const CONVERT_HELP = `Usage:
  flambe convert FILE --to cpuprofile|collapsed|speedscope|pprof --out OUT

Reads a CPU profile (.cpuprofile, legacy or current; Chrome DevTools trace;
pprof; any of them gzipped) and writes it as:
  cpuprofile   V8's .cpuprofile: opens in Chrome DevTools, VS Code, speedscope
  collapsed    collapsed stacks for flamegraph.pl (values in microseconds)
  speedscope   speedscope's JSON format (https://www.speedscope.app)
  pprof        gzipped protobuf (.pb.gz) with wall-time samples: opens in
               go tool pprof, pushes to Grafana Pyroscope

Options:
  --to FORMAT   the format to write (required)
  --out OUT     the file to write (required)
  -h, --help    show this help
`;

const FORMATS = ['cpuprofile', 'collapsed', 'speedscope', 'pprof'] as const;

export async function convertCommand(argv: string[]): Promise<number> {
  const { values: o, positionals: args } = parseCommandArgs('convert', argv, {
    to: { type: 'string' }, out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' },
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
  const { profile } = readProfileFile(file);
  const text = to === 'pprof' ? exportPprof(profile)
    : to === 'cpuprofile' ? exportCpuProfileText(profile)
    : to === 'collapsed' ? exportCollapsed(profile)
    : JSON.stringify(exportSpeedscope(profile, path.basename(file)));
  try {
    writeFileSync(out, text);
  } catch (e) {
    throw new UserError(`Could not write ${out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`);
  }
  process.stdout.write(`Wrote ${out} (${to}, ${formatBytes(typeof text === 'string' ? Buffer.byteLength(text) : text.byteLength)}).\n`);
  return 0;
}
