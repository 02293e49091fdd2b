// The process a recording profiled, as the recording keeps it: how Flambé
// reached it, its Node version and command line, and — for a launched one —
// the environment variables and arguments it was given (an experiment's
// "repeat" reads them to tell A from B).
import { z } from 'zod';
import { count, list, text } from './limits.ts';

/** 'terminal' and 'file' are written synchronously by Node; 'pipe' asynchronously on POSIX (so console.log is cheaper there). */
export const stdioKindSchema = z.enum(['terminal', 'file', 'pipe', 'unknown']);
export type StdioKind = z.output<typeof stdioKindSchema>;

export const targetStdioSchema = z.object({
  stdout: stdioKindSchema,
  stderr: stdioKindSchema,
  /** True when Flambé launched it writing to files it tails (LaunchSpec.outputToFile). */
  tailedFile: z.boolean(),
});
export type TargetStdio = z.output<typeof targetStdioSchema>;

export const recordedTargetSchema = z.object({
  kind: z.enum(['launched', 'attached']),
  /** Script path for a launched target, host:port for an attached one. */
  label: text(4096),
  pid: count,
  nodeVersion: text(100),
  argv: list(text(100_000), 10_000),
  /** A launched target: the environment variables and arguments it was given (not Flambé's own environment). */
  env: z.record(text(10_000), text(1_000_000)).optional(),
  args: list(text(100_000), 10_000).optional(),
  /** What its stdout/stderr were attached to (experiments: a file is synchronous like a terminal, a pipe is not); absent in older recordings. */
  stdio: targetStdioSchema.optional(),
});
export type RecordedTarget = z.output<typeof recordedTargetSchema>;
