// The Library's top: why the library cannot be used or is read-only (when
// so), its title, how many recordings (and groups) there are, and Import….
import type { RefObject } from 'react';
import { formatInt } from '../lib/format.ts';

const IMPORT_ACCEPT = '.cpuprofile,.heapprofile,.json,.flambe,.gz,.pb,.pprof';

/** The library's status sentences: not available (a problem), or read-only. */
export function LibraryWarnings({ problem, readOnly }: { problem: string | null | undefined; readOnly: string | null | undefined }) {
  return (
    <>
      {problem && (
        <div className="warning library-warning" role="alert" data-testid="library-warning">
          <strong>The library is not available.</strong> {problem}
        </div>
      )}
      {readOnly && (
        <div className="warning library-warning" role="status" data-testid="library-read-only">
          <strong>The library is read-only.</strong> {readOnly}
        </div>
      )}
    </>
  );
}

interface Props {
  /** The hidden file input Import… clicks (the empty state's Import clicks it too). */
  fileInput: RefObject<HTMLInputElement | null>;
  usable: boolean;
  readOnly: boolean;
  /** Null until the first rows came. */
  count: { total: number; filtered: boolean } | null;
  groups: number;
  onFiles(files: File[]): void;
}

export function LibraryHead({ fileInput, usable, readOnly, count, groups, onFiles }: Props) {
  return (
    <header className="library-head">
      <h1 tabIndex={-1}>Library</h1>
      <span className="muted" data-testid="library-count" aria-live="polite">
        {usable && count ? `${formatInt(count.total)} ${count.total === 1 ? 'recording' : 'recordings'}${count.filtered ? ' match' : ''}` : ''}
        {usable && groups > 0 && ` · ${groups} ${groups === 1 ? 'experiment or sweep' : 'experiments and sweeps'} (their recordings listed under them)`}
      </span>
      <span className="grow" />
      <button type="button" className="button" data-testid="import-button" onClick={() => fileInput.current?.click()} disabled={!usable || readOnly}>
        Import…
      </button>
      <input
        ref={fileInput}
        type="file"
        accept={IMPORT_ACCEPT}
        multiple
        hidden
        data-testid="import-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          onFiles(files);
        }}
      />
    </header>
  );
}
