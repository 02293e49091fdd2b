// README's tour says how long a first recording takes: the warm-up and the
// burst the Record screen starts with (README once said a 5-second burst while
// the form's default was 10 s).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { defaultLoadForm } from '../../renderer/src/lib/forms.ts';
import { recordRequestSchema } from '../../shared/recording/settings.ts';
import { repo } from '../helpers/demo.ts';

it("README's first recording has the Record screen's and the contract's default warm-up and burst", () => {
  const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
  const m = /After a (\d+)-second warm-up and a (\d+)-second burst/.exec(readme);
  expect(m, 'README says "After a N-second warm-up and a N-second burst"').not.toBeNull();
  const defaults = recordRequestSchema.parse({ targetId: 't', load: { url: 'http://127.0.0.1:1/' } });
  const form = { warmupSec: Number(defaultLoadForm.warmupSec), durationSec: Number(defaultLoadForm.durationSec) };
  expect({ warmupSec: Number(m![1]), durationSec: Number(m![2]) }).toEqual(form);
  // The CLI and the contract default to the same.
  expect({ warmupSec: defaults.warmupSec, durationSec: defaults.load.durationSec }).toEqual(form);
});
