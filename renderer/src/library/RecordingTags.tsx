// A recording's tags in the Library's details: shown as chips with a remove
// button, and added by typing (several at once, separated by commas or spaces).
import { useId, useState } from 'react';
import type { RecordingRow } from '../../../shared/api.ts';
import { useClient } from '../client/context.tsx';
import { errorMessage } from '../client/types.ts';
import { parseTags } from '../lib/row-format.ts';

interface Props {
  row: RecordingRow;
  /** The services answered with the row as it is now. */
  onRowChanged(row: RecordingRow): void;
  /** What failed, in a sentence (null: the last action worked). */
  onError(message: string | null): void;
  /** What was done, for screen readers. */
  onStatus(status: string): void;
}

export function RecordingTags({ row, onRowChanged, onError }: Props) {
  const client = useClient();
  const id = useId();
  const [tagText, setTagText] = useState('');

  const editTags = async (add: string[], remove: string[]) => {
    try {
      onRowChanged(await client.api.editTags({ id: row.id, add, remove }));
      onError(null);
      return true;
    } catch (e) {
      onError(errorMessage(e));
      return false;
    }
  };

  const addTags = async () => {
    const tags = parseTags(tagText).filter((t) => !row.tags.includes(t));
    if (tags.length === 0) {
      setTagText('');
      return;
    }
    if (await editTags(tags, [])) setTagText('');
  };

  return (
    <section className="panel-section" aria-labelledby={`${id}-tags`}>
      <h3 id={`${id}-tags`}>Tags</h3>
      {row.tags.length > 0 && (
        <ul className="tag-list">
          {row.tags.map((t) => (
            <li key={t} className="tag" data-testid="detail-tag" title={t}>
              <span className="tag-name">{t}</span>
              <button type="button" className="tag-remove" aria-label={`Remove tag ${t}`} title="Remove" data-testid="remove-tag-button" onClick={() => void editTags([], [t])}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="tag-add"
        onSubmit={(e) => {
          e.preventDefault();
          void addTags();
        }}
      >
        <label htmlFor={`${id}-tag`} className="visually-hidden">Add a tag</label>
        <input id={`${id}-tag`} data-testid="tag-input" placeholder="Add a tag (Enter)" value={tagText} maxLength={200} onChange={(e) => setTagText(e.target.value)} />
        <button type="submit" className="button small" disabled={!tagText.trim()}>Add</button>
      </form>
    </section>
  );
}
