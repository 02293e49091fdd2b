// Import of files into the library, one at a time (from the Import… button or
// a drop on the window). Each file ends in a success or in the one sentence
// the services gave; a broken file writes nothing (the services guarantee it).
import { useCallback, useRef, useState } from 'react';
import type { FlambeEvents, RecordingRow } from '../../../shared/api.ts';
import { useClient, useFlambeEvent } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { importChosenFile, isBlankFile } from '../client/import-file.ts';

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
  /** The step the file being imported is at (the services say; a big file takes seconds). */
  progress: FlambeEvents['importProgress'] | null;
  /** `id`: one file the page already shows under this id (library/open-imported.ts). */
  importFiles(files: readonly File[], id?: string): Promise<ImportOutcome[]>;
  dismiss(): void;
}

let nextKey = 1;

export function useImports(): Imports {
  const client = useClient();
  const [outcomes, setOutcomes] = useState<ImportOutcome[]>([]);
  const [remaining, setRemaining] = useState(0);
  const [progress, setProgress] = useState<FlambeEvents['importProgress'] | null>(null);
  useFlambeEvent((event) => {
    if (event.name === 'importProgress') setProgress(event.payload);
  });
  // Batches queue behind each other: two drops in a row import in order.
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const importOne = useCallback(
    async (file: File, id?: string): Promise<ImportOutcome> => {
      const key = nextKey++;
      setProgress(null);
      try {
        if (await isBlankFile(file)) return { key, fileName: file.name, ok: false, message: 'The file is empty.', row: null };
        // The file as it is (client/import-file.ts): the services decode it once, in their worker.
        const row = await importChosenFile(client, file, id);
        const message = row.group ? `Imported the ${row.group.kind} “${row.group.name}” with its recordings.` : `Imported as “${row.name}”.`;
        return { key, fileName: file.name, ok: true, message, row };
      } catch (e) {
        return { key, fileName: file.name, ok: false, message: errorMessage(e), row: null };
      }
    },
    [client],
  );

  const importFiles = useCallback(
    (files: readonly File[], id?: string) => {
      const list = [...files];
      if (list.length === 0) return Promise.resolve([]);
      setRemaining((n) => n + list.length);
      const run = queue.current.then(async () => {
        const done: ImportOutcome[] = [];
        for (const file of list) {
          const outcome = await importOne(file, list.length === 1 ? id : undefined);
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
  return { outcomes, remaining, progress, importFiles, dismiss };
}
