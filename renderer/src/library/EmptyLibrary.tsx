// An empty Library (or none this time): what it will hold, and the two ways
// to fill it — a first recording, or an imported profile.
export function EmptyLibrary({ onRecord, onImport, usable }: { onRecord(): void; onImport(): void; usable: boolean }) {
  return (
    <section className="library-empty card" data-testid="library-empty">
      <h2>{usable ? 'No recordings yet' : 'No library this time'}</h2>
      {usable ? (
        <p>
          Every recording you make is saved here: searchable by name, notes, tags, target and URL, ready to export or to compare
          with another one.
        </p>
      ) : (
        <p>
          Recording still works: each result shows when it ends, and its <strong>Export bundle…</strong> button saves it as a
          file you can import once the library opens again.
        </p>
      )}
      <ol>
        <li>
          Go to <strong>Record</strong> and choose a target — no server handy? Press <strong>Try the demo server</strong>.
        </li>
        <li>Press <strong>Record</strong>{usable ? ': the result lands here when it is done.' : '.'}</li>
      </ol>
      <div className="actions">
        <button type="button" className="button primary" data-testid="empty-record-button" onClick={onRecord}>
          Make a first recording
        </button>
        {usable && (
          <button type="button" className="button" onClick={onImport}>
            Import a .cpuprofile…
          </button>
        )}
      </div>
      {usable && (
        <p className="hint">
          Already have a profile from <code>node --cpu-prof</code>, Chrome DevTools or VS Code? Import it, or drop the file anywhere
          on this window. A <code>.flambe</code> bundle from a teammate imports the same way.
        </p>
      )}
    </section>
  );
}
