// A recording's notes in the Library's details, saved as they are typed: half a
// second after the last key, when the box is left, when the panel goes away
// first — and a reload or a closed tab within that half second asks first.
import { useEffect, useId, useRef, useState } from 'react';
import type { RecordingRow } from '../../../shared/api.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';

interface Props {
  row: RecordingRow;
  /** The services answered with the row as it is now. */
  onRowChanged(row: RecordingRow): void;
  /** What failed, in a sentence (null: the last action worked). */
  onError(message: string | null): void;
  /** What was done, for screen readers. */
  onStatus(status: string): void;
}

export function RecordingNotes({ row, onRowChanged, onError, onStatus }: Props) {
  const client = useClient();
  const id = useId();
  const [notesDraft, setNotesDraft] = useState<string | null>(null);
  // Notes typed but not saved yet: saved half a second after the last key, on blur, or when the panel goes away first.
  const unsavedNotes = useRef<string | null>(null);
  const notesTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const recordingId = row.id;
    // A reload or a closed tab within that half second: the browser asks first.
    const warn = (e: BeforeUnloadEvent) => {
      if (unsavedNotes.current !== null) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (notesTimer.current) clearTimeout(notesTimer.current);
      const notes = unsavedNotes.current;
      if (notes !== null) void client.api.setNotes({ id: recordingId, notes }).catch(() => {});
    };
  }, [client, row.id]);

  /** `typing`: saved while the box still has focus; the draft stays as typed. */
  const saveNotes = async (typing = false) => {
    if (notesTimer.current) clearTimeout(notesTimer.current);
    notesTimer.current = null;
    const notes = unsavedNotes.current;
    unsavedNotes.current = null;
    if (notes === null || notes === row.notes) {
      if (!typing) setNotesDraft(null);
      return;
    }
    try {
      onRowChanged(await client.api.setNotes({ id: row.id, notes }));
      onError(null);
      onStatus('Notes saved.');
    } catch (e) {
      onError(errorMessage(e));
    } finally {
      if (!typing) setNotesDraft(null);
    }
  };

  return (
    <section className="panel-section" aria-labelledby={`${id}-notes`}>
      <h3 id={`${id}-notes`}>Notes</h3>
      <textarea
        data-testid="notes-input"
        aria-labelledby={`${id}-notes`}
        rows={4}
        placeholder="What changed in this run, what you saw…"
        value={notesDraft ?? row.notes}
        onFocus={() => setNotesDraft(row.notes)}
        onChange={(e) => {
          unsavedNotes.current = e.target.value;
          setNotesDraft(e.target.value);
          if (notesTimer.current) clearTimeout(notesTimer.current);
          notesTimer.current = setTimeout(() => void saveNotes(true), 500);
        }}
        onBlur={() => void saveNotes()}
      />
      <p className="hint">Saved as you type.</p>
    </section>
  );
}
