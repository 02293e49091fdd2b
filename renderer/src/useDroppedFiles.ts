// Profile files chosen or dropped anywhere in the window: one file opens at
// once (the page reads it while the library saves it), two dropped on Compare
// are compared (both saved, the first as A), anything else goes to the
// Library's import list. Nothing dropped is lost: every file is saved.
import { useState, type Dispatch, type SetStateAction } from 'react';
import type { RecordingMeta } from '../../shared/api.ts';
import { useClient } from './client/context.tsx';
import { importChosenFile } from './client/import-file.ts';
import { useFileDrop } from './library/DropOverlay.tsx';
import type { ImportSave } from './library/ImportSaving.tsx';
import { forgetLocalProfile, openLocally, opensAtOnce } from './library/open-imported.ts';
import type { Imports } from './library/useImports.ts';
import type { Screen } from './screens.ts';

/** The recording the Result screen shows; `importing` while the library saves a file opened at once. */
export interface Shown { result: RecordingMeta; saveProblem: string | null; importing?: ImportSave }

interface Options {
  screen: Screen;
  go(screen: Screen): void;
  imports: Imports;
  setShown: Dispatch<SetStateAction<Shown | null>>;
  setCompareIds(ids: [string, string]): void;
  clearNotice(): void;
}

export function useDroppedFiles({ screen, go, imports, setShown, setCompareIds, clearNotice }: Options) {
  const client = useClient();
  const [dropProblem, setDropProblem] = useState<string | null>(null);

  // One profile file chosen or dropped: shown at once, from the page's own read, while the library saves it.
  const openImported = (file: File) => {
    const { rec: result, analysed } = openLocally(file);
    setShown({ result, saveProblem: null, importing: { status: 'saving', fileName: file.name } });
    go('result');
    void analysed.then(() => imports.importFiles([file], result.id)).then(async ([outcome]) => {
      const saved = outcome?.ok && outcome.row ? await client.api.getRecording({ id: outcome.row.id }).catch(() => null) : null;
      if (saved) forgetLocalProfile(result.id);
      setShown((s) => {
        if (!s || s.result.id !== result.id) return s;
        if (saved) return { result: saved, saveProblem: null };
        return { ...s, importing: { status: 'failed', fileName: file.name, message: outcome?.message ?? 'The import stopped before it was saved.' } };
      });
    });
  };

  // Two files dropped on Compare: both go into the library (nothing is lost), the first as A.
  const compareDropped = async (files: File[]) => {
    if (files.length !== 2) {
      clearNotice();
      setDropProblem(`Drop exactly two files to compare them (you dropped ${files.length}).`);
      return;
    }
    try {
      const rows = await Promise.all(files.map((f) => importChosenFile(client, f)));
      setDropProblem(null);
      setCompareIds([rows[0].id, rows[1].id]);
    } catch (e) {
      setDropProblem(e instanceof Error ? e.message : String(e));
    }
  };

  const dragging = useFileDrop((files: File[]) => {
    if (screen === 'compare') {
      void compareDropped(files);
      return;
    }
    if (opensAtOnce(files)) {
      openImported(files[0]);
      return;
    }
    go('library');
    void imports.importFiles(files);
  });

  return { openImported, dropProblem, dragging };
}
