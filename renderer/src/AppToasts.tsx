// The window's toasts, bottom right: a delete's Undo (and why a delete
// failed), an address that names nothing, and a recording that finished
// while the user was on another screen.
import { NoticeToast, UndoToast } from './library/Toasts.tsx';
import type { PendingDeletes } from './library/usePendingDeletes.ts';

interface Props {
  deletes: PendingDeletes;
  addressProblem: string | null;
  onCloseAddressProblem(): void;
  /** The name of a recording that finished elsewhere. */
  finished: string | null;
  onCloseFinished(): void;
  onShowFinished(): void;
}

export function AppToasts({ deletes, addressProblem, onCloseAddressProblem, finished, onCloseFinished, onShowFinished }: Props) {
  return (
    <div className="toasts">
      {deletes.pending && <UndoToast key={deletes.pending.key} pending={deletes.pending} onUndo={deletes.undo} onExpire={deletes.expire} />}
      {deletes.error && (
        <NoticeToast onClose={deletes.dismissError} testId="delete-error">
          <span>{deletes.error}</span>
        </NoticeToast>
      )}
      {addressProblem && (
        <NoticeToast onClose={onCloseAddressProblem} testId="address-problem">
          <span>{addressProblem}</span>
        </NoticeToast>
      )}
      {finished && (
        <NoticeToast onClose={onCloseFinished} testId="recording-ready">
          <span>Recording finished: “{finished}”.</span>
          <button type="button" className="button small" onClick={onShowFinished}>
            Show the result
          </button>
        </NoticeToast>
      )}
    </div>
  );
}
