// One temporary folder for a whole test run, removed when it ends. The tests make hundreds of folders (libraries,
// data folders of databases, Chromium profiles, launched scripts) with mkdtemp, and many are still in use by a
// process when their test ends; across runs they piled up in /tmp (about 2 500 folders). Every test, and every
// process it starts, reads os.tmpdir() from TMPDIR, so pointing TMPDIR here before the test workers start puts them
// all in one place that teardown removes.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'flambe-test-run-'));
  // Like /tmp itself (sticky, everyone may create): PostgreSQL runs as the postgres user with its data folder inside,
  // and the read-only and permission tests run flambe as nobody, which makes its own temporary files.
  chmodSync(dir, 0o1777);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
}
