// `flambe <command> …`: the same services as the app, for terminals and CI.
// Exit codes: 0 success, 1 user error (one line on stderr, no stack), 2 internal error.
import { isUserError, UserError } from '../services/errors.ts';
import { oneLine, safeLines } from '../../shared/terminal-text.ts';
import { guardTerminal } from './terminal.ts';

type Command = (argv: string[]) => Promise<number | void>;

// Each command is loaded when it runs (a chunk of its own in dist/, scripts/build.js splits them):
// `flambe --help` and `flambe diff …` do not load the recorder, the load generator and SQLite.
const lazy = <M,>(load: () => Promise<M>, pick: (m: M) => Command): Command => async (argv) => pick(await load())(argv);
const recordCommand = lazy(() => import('./record-command.ts'), (m) => m.recordCommand);
const libraryCommand = lazy(() => import('./library-command.ts'), (m) => m.libraryCommand);
const analyzeCommand = lazy(() => import('./analyze-command.ts'), (m) => m.analyzeCommand);
const diffCommand = lazy(() => import('./diff-command.ts'), (m) => m.diffCommand);
const compareCommand = lazy(() => import('./compare-command.ts'), (m) => m.compareCommand);
const convertCommand = lazy(() => import('./convert-command.ts'), (m) => m.convertCommand);
const experimentCommand = lazy(() => import('./experiment-command.ts'), (m) => m.experimentCommand);
const sweepCommand = lazy(() => import('./sweep-command.ts'), (m) => m.sweepCommand);
const overheadCommand = lazy(() => import('./overhead-command.ts'), (m) => m.overheadCommand);
const reportCommand = lazy(() => import('./report-command.ts'), (m) => m.reportCommand);

type Help = () => Promise<string>;

// `flambe <command> --help` loads only the command's help text: no schemas, no
// profile model, no recorder (test/cli/help-loads.test.ts, npm run bench:cli).
const commands: Record<string, { run: Command; help: Help; summary: string }> = {
  record: { run: recordCommand, help: async () => (await import('./help/record-help.ts')).RECORD_HELP, summary: 'launch or attach to a Node server, load it and record a CPU profile' },
  library: { run: libraryCommand, help: async () => (await import('./help/library-help.ts')).LIBRARY_HELP, summary: 'list, import, export and delete saved recordings' },
  analyze: { run: analyzeCommand, help: async () => (await import('./help/analyze-help.ts')).ANALYZE_HELP, summary: 'show where the time of a CPU profile went (functions, categories, kinds of work)' },
  compare: { run: compareCommand, help: async () => (await import('./help/compare-help.ts')).COMPARE_HELP, summary: 'did B get faster than A, and why: verdict, load and what changed (ids or files)' },
  diff: { run: diffCommand, help: async () => (await import('./help/diff-help.ts')).DIFF_HELP, summary: 'compare two CPU profiles function by function' },
  experiment: { run: experimentCommand, help: async () => (await import('./help/experiment-help.ts')).EXPERIMENT_HELP, summary: 'run A and B in interleaved rounds and say what the change costs, with a 95% interval' },
  convert: { run: convertCommand, help: async () => (await import('./help/convert-help.ts')).CONVERT_HELP, summary: 'convert a CPU profile to .cpuprofile, a Chrome trace (every thread), pprof, collapsed stacks or speedscope JSON' },
  sweep: { run: sweepCommand, help: async () => (await import('./help/sweep-help.ts')).SWEEP_HELP, summary: 'load a URL at several levels of connections and find where the server saturates' },
  overhead: { run: overheadCommand, help: async () => (await import('./help/overhead-help.ts')).OVERHEAD_HELP, summary: 'measure what the CPU profiler costs a server (rounds with and without it)' },
  report: { run: reportCommand, help: async () => (await import('./help/report-help.ts')).REPORT_HELP, summary: 'write a report (Markdown or HTML) of a sweep, an experiment, a recording or two compared' },
};

/** --help or -h among the flags (not among a script's own arguments after "--"): the command's parser would say the same. */
function asksForHelp(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return `Usage: flambe <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun "flambe <command> --help" for a command's options.\n`;
}

async function main(): Promise<number> {
  guardTerminal(process.stdout);
  guardTerminal(process.stderr);
  const [name, ...rest] = process.argv.slice(2);
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${process.env.npm_package_version ?? '0.1.0'}\n`);
    return 0;
  }
  const command = commands[name];
  if (!command) throw new UserError(`Unknown command "${name}". Commands: ${Object.keys(commands).join(', ')}.`);
  if (asksForHelp(rest)) {
    process.stdout.write(await command.help());
    return 0;
  }
  return (await command.run(rest)) ?? 0;
}

main().then(
  (code) => { process.exitCode = code; },
  async (error: unknown) => {
    if (isUserError(error)) {
      process.exitCode = 1;
      // A sentence may quote what the user gave (a URL with ?token=…): masked by the one rule, loaded only
      // here so that --help loads nothing else (test/cli/help-loads.test.ts).
      const { maskSecrets } = await import('../../shared/recording/secrets.ts');
      process.stderr.write(`flambe: ${oneLine(maskSecrets(error.message).value)}\n`);
    } else {
      process.stderr.write(`flambe: internal error: ${safeLines(error instanceof Error ? error.stack ?? error.message : String(error))}\n`);
      process.exitCode = 2;
    }
  },
);
