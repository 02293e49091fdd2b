// "What grows, and what holds it": the result of find what grows (two heap
// snapshots under load after the burst, shared/memory/heap-growth.ts) in the
// Memory card — the sentence, each growing kind with its holder and the path
// that keeps it, and where what stayed alive was allocated.
import type { Growing } from '../../../shared/recording/growing.ts';
import { growingEmptySentence, growingSentence, holderText, kindWords } from '../../../shared/memory/growing-sentence.ts';
import { formatBytes, formatMiB, groupThousands } from '../../../shared/number-format.ts';
import { shortPlace } from '../../../shared/profile/places.ts';
import { secondsRange } from '../../../shared/memory/snapshot-cost.ts';

const sec = (s: number) => `${Number(s.toFixed(1))} s`;

export function GrowingCard({ growing }: { growing: Growing }) {
  const sentence = growingSentence(growing) ?? growingEmptySentence(growing);
  return (
    <section data-testid="memory-growing">
      <h3>What grows, and what holds it</h3>
      <p className={growing.kinds.length ? 'note note-error' : 'muted'} data-testid="growing-sentence">{sentence}</p>
      {!growing.error && (
        <p className="muted small">
          Two heap snapshots {sec(growing.seconds)} apart, under the burst's load after it ({groupThousands(growing.requests ?? 0)} requests);
          {' '}the process was paused {sec(growing.pausedSec.first)} and {sec(growing.pausedSec.second)} while V8 wrote them
          {growing.estimate ? ` (said beforehand: ${secondsRange(growing.estimate.pauseSec)} each)` : ''}
          {' '}({formatMiB(growing.snapshotMb.first)} and {formatMiB(growing.snapshotMb.second)}). A kind's size is what its new objects
          {' '}keep alive (retained size), less what its gone ones kept.
        </p>
      )}
      {growing.kinds.length > 0 && (
        <table className="data-table growing-table" data-testid="growing-table">
          <thead><tr><th scope="col">What</th><th scope="col">More objects</th><th scope="col">More memory</th><th scope="col">Held by</th><th scope="col">Path that keeps one alive</th></tr></thead>
          <tbody>
            {growing.kinds.map((k) => (
              <tr key={k.kind}>
                <td>{kindWords(k.kind, 2)}</td>
                <td className="num">{groupThousands(k.countDelta)}</td>
                <td className="num">+{formatBytes(k.bytesDelta)}</td>
                <td>{k.holder ? holderText(k.holder) : 'nothing Flambé could name'}</td>
                <td className="muted small">{k.path.join(' → ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {growing.allocatedAlive.length > 0 && (
        <details className="more">
          <summary>Allocated between the snapshots and still alive at the second <span className="muted small">— V8's sampled estimate, JS heap only</span></summary>
          <table className="data-table allocations-table" data-testid="growing-allocated">
            <thead><tr><th scope="col">Function</th><th scope="col">Where</th><th scope="col">Still alive</th></tr></thead>
            <tbody>
              {growing.allocatedAlive.map((a) => (
                <tr key={`${a.function}\u0000${a.url}\u0000${a.line}`}>
                  <td>{a.function}</td>
                  <td className="muted">{a.url ? shortPlace(a.line ? `${a.url}:${a.line}` : a.url) : 'native'}</td>
                  <td className="num">{formatBytes(a.bytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}
