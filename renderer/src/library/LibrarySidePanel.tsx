// The Library's side panel: the details of the one recording selected, what
// can be done with several (compare two, delete), or how to select.
import type { RecordingRow } from '../../../shared/api.ts';
import { DetailsPanel, SelectionPanel } from './DetailsPanel.tsx';
import { SplitLegend } from './SplitBar.tsx';

interface Props {
  /** The selected rows, in the table's order. */
  rows: RecordingRow[];
  onOpen(id: string): void;
  onDelete(rows: readonly RecordingRow[]): void;
  onRowChanged(row: RecordingRow): void;
  /** Compares the two picked: the older as A (before), the newer as B (selection.ts beforeAfter). */
  onCompare(): void;
  onClear(): void;
}

export function LibrarySidePanel({ rows, onOpen, onDelete, onRowChanged, onCompare, onClear }: Props) {
  if (rows.length === 1) return <DetailsPanel key={rows[0].id} row={rows[0]} onOpen={onOpen} onDelete={(r) => onDelete(r)} onRowChanged={onRowChanged} />;
  if (rows.length > 1) return <SelectionPanel rows={rows} onCompare={onCompare} onDelete={() => onDelete(rows)} onClear={onClear} />;
  return (
    <aside className="library-panel card library-help">
      <h2>Details</h2>
      <p className="hint">Click a recording to see its details, rename it, tag it, add notes or export it.</p>
      <p className="hint">Ctrl/⌘-click or Shift-click to select several; select two to compare them. Enter or a double-click opens one; Delete deletes (with Undo).</p>
      <h3>CPU split</h3>
      <SplitLegend />
    </aside>
  );
}
