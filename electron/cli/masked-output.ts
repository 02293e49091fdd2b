// What the CLI prints about recordings and groups goes through the one
// masking rule (shared/recording/secrets.ts) like every file Flambé makes to
// be shared: stdout is pasted into issues and CI logs. `from` is what the
// output was made from (the recording, the experiment): a secret found there
// is masked wherever it stands in the output.
import { maskSecrets } from '../../shared/recording/secrets.ts';
import { printLines } from './terminal.ts';

/** One JSON line on stdout, its secrets masked. */
export function printMaskedJson(value: unknown, from?: unknown): void {
  process.stdout.write(JSON.stringify(maskSecrets(value, { alsoFrom: from }).value) + '\n');
}

/** Lines for the terminal, their secrets masked. */
export function printMaskedLines(lines: readonly string[], from?: unknown): void {
  printLines(process.stdout, maskSecrets([...lines], { alsoFrom: from }).value);
}
