// Import of files into the library, one at a time (from the Import… button or
// a drop on the window). Each file ends in a success or in the one sentence
// the services gave; a broken file writes nothing (the services guarantee it).
import { useCallback, useRef, useState } from 'react';
import type { RecordingRow } from '../../../shared/api.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { profileFileText } from '../lib/profile-file.ts';

export interface ImportOutcome {
  key: number;
  fileName: string;
  ok: boolean;
  /** The one sentence to show for a failure. */
  message: string;
  row: RecordingRow | null;
}

export interface Imports {
  outcomes: ImportOutcome[];
  /** Files still waiting or being read (0 when idle). */
  remaining: number;
  importFiles(files: readonly File[]): Promise<ImportOutcome[]>;
  dismiss(): void;
}

let nextKey = 1;

export function useImports(): Imports {
  const client = useClient();
  const [outcomes, setOutcomes] = useState<ImportOutcome[]>([]);
  const [remaining, setRemaining] = useState(0);
  // Batches queue behind each other: two drops in a row import in order.
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const importOne = useCallback(
    async (file: File): Promise<ImportOutcome> => {
      const key = nextKey++;
      try {
        const content = await profileFileText(file); // gzip, UTF-16, pprof too
        if (!content.trim()) return { key, fileName: file.name, ok: false, message: 'The file is empty.', row: null };
        const row = await client.api.importFile({ fileName: file.name, content });
        return { key, fileName: file.name, ok: true, message: `Imported as “${row.name}”.`, row };
      } catch (e) {
        return { key, fileName: file.name, ok: false, message: errorMessage(e), row: null };
      }
    },
    [client],
  );

  const importFiles = useCallback(
    (files: readonly File[]) => {
      const list = [...files];
      if (list.length === 0) return Promise.resolve([]);
      setRemaining((n) => n + list.length);
      const run = queue.current.then(async () => {
        const done: ImportOutcome[] = [];
        for (const file of list) {
          const outcome = await importOne(file);
          done.push(outcome);
          setOutcomes((o) => [...o, outcome].slice(-50));
          setRemaining((n) => n - 1);
        }
        return done;
      });
      queue.current = run.catch(() => {});
      return run;
    },
    [importOne],
  );

  const dismiss = useCallback(() => setOutcomes([]), []);
  return { outcomes, remaining, importFiles, dismiss };
}
