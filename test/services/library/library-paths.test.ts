// Library paths that are not a library file: every refusal is one sentence,
// never a stack trace, and leaves no file behind (issue 20 item 6).
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Library } from '../../../electron/services/library/library.ts';
import { runFlambe } from '../../helpers/demo.ts';
import { runUnprivileged, sharedDir, unprivileged } from '../../helpers/unprivileged.ts';

/** exit 1, one line, no stack. */
function oneSentence(r: { code: number | null; stdout: string; stderr: string }, message: RegExp) {
  expect(r.code).toBe(1);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe('library paths refused', () => {
  it('/dev/null is refused and no /dev/null-journal is left', async () => {
    const before = existsSync('/dev/null-journal');
    oneSentence(await runFlambe(['library', 'list', '--library', '/dev/null']),
      /^flambe: \/dev\/null is not a regular file \(a device, a pipe or a socket\): a Flambé library is a file, so name a file path\.\n$/);
    if (!before) expect(existsSync('/dev/null-journal')).toBe(false);
  });

  it('a named pipe is refused without being opened, and nothing is written beside it', async () => {
    const dir = sharedDir('flambe-fifo-');
    const fifo = path.join(dir, 'lib.sqlite');
    execFileSync('mkfifo', [fifo]);
    oneSentence(await runFlambe(['library', 'list', '--library', fifo]), /is not a regular file/);
    expect(readdirSync(dir)).toEqual(['lib.sqlite']);
  });

  it.skipIf(unprivileged.node === null)('a library another user may not read (mode 000) says so in one sentence (was: a stack trace, exit 2)', async () => {
    const dir = sharedDir('flambe-mode000-');
    const file = path.join(dir, 'library.sqlite');
    new Library(path.join(dir, 'made.sqlite')).close();
    copyFileSync(path.join(dir, 'made.sqlite'), file);
    chmodSync(file, 0o000);
    const r = await runUnprivileged(['library', 'list', '--library', file], { cwd: dir });
    oneSentence(r, new RegExp(`^flambe: Flambé may not read ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(permission denied\\): use a library file this user owns`));
    expect(readdirSync(dir).filter((f) => f.startsWith('library.sqlite'))).toEqual(['library.sqlite']);
  });
});
