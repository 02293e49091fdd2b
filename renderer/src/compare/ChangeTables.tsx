// "What changed", as tables: functions, files, packages, kinds of work and
// categories — A, B, the change in the comparison's unit and in %, new/gone/
// moved marked, largest change first, filterable. Selecting a row highlights
// it in the diff flamegraph and, for a function, shows its hot lines in A and B.
import { useEffect, useId, useMemo, useState } from 'react';
import { per1kUnit, type Comparison } from '../../../shared/compare/index.ts';
import type { HotLine } from '../../../shared/profile/lines.ts';
import { Explain } from '../components/Explain.tsx';
import { Tabs } from '../components/Tabs.tsx';
import { formatTimeMs } from '../lib/format.ts';
import { groupThousands } from '../../../shared/number-format.ts';
import { msPer1k, signed, signedPercent } from './compare-format.ts';
import type { CompareClient } from './compare-client.ts';
import type { HotLinesBySide } from './compute.ts';
import { tableRows, type TableKey, type TableRow } from './change-rows.ts';

const MAX_ROWS = 200;
const TABS: { key: TableKey; label: string }[] = [
  { key: 'functions', label: 'Functions' },
  { key: 'buckets', label: 'Kinds of work' },
  { key: 'files', label: 'Files' },
  { key: 'packages', label: 'Packages' },
  { key: 'categories', label: 'Categories' },
];

interface Props {
  comparison: Comparison;
  client: CompareClient;
  onSelect(term: string | null): void;
}

export function ChangeTables({ comparison, client, onSelect }: Props) {
  const [tab, setTab] = useState<TableKey>('functions');
  return (
    <Tabs
      label="What changed"
      selected={tab}
      onSelect={(k) => { setTab(k); onSelect(null); }}
      tabs={TABS.map((t) => ({ key: t.key, label: t.label, testId: `changes-tab-${t.key}`, content: <ChangeTable key={t.key} table={t.key} comparison={comparison} client={client} onSelect={onSelect} /> }))}
    />
  );
}

function ChangeTable({ table, comparison: c, client, onSelect }: { table: TableKey; comparison: Comparison; client: CompareClient; onSelect(term: string | null): void }) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const rows = useMemo(() => tableRows(c, table, filter), [c, table, filter]);
  const shown = rows.slice(0, MAX_ROWS);
  const unit = c.perRequest ? 'ms /1k req' : '% of profile';
  const selectedRow = rows.find((r) => r.key === selected) ?? null;
  const pick = (r: TableRow) => {
    const again = r.key === selected;
    setSelected(again ? null : r.key);
    onSelect(again ? null : r.flameTerm);
  };
  return (
    <div className="change-table" data-testid={`changes-${table}`}>
      <div className="table-toolbar">
        <label htmlFor={`${id}-filter`} className="visually-hidden">Filter rows</label>
        <input id={`${id}-filter`} type="search" placeholder="Filter by name, file or new/gone" value={filter} onChange={(e) => setFilter(e.target.value)} data-testid="changes-filter" />
        <span className="muted small">{rows.length > MAX_ROWS ? `first ${MAX_ROWS} of ${rows.length} — filter to find the others` : `${rows.length} rows`} · largest change first · {c.perRequest ? per1kUnit(c) : '% of each profile’s own time'}</span>
      </div>
      <div className="change-scroll">
        <table className="compare-table">
          <thead>
            <tr>
              <th scope="col">{TABS.find((t) => t.key === table)!.label.replace(/s$/, '').replace('Kinds of work', 'Kind of work')}</th>
              <th scope="col" className="num">A {unit}</th>
              <th scope="col" className="num">B {unit}</th>
              <th scope="col" className="num">change</th>
              <th scope="col" className="num">%</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr
                key={r.key}
                tabIndex={0}
                aria-selected={r.key === selected}
                className={r.key === selected ? 'selected' : undefined}
                data-testid="change-row"
                data-status={r.status}
                onClick={() => pick(r)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); pick(r); }
                }}
              >
                <th scope="row">
                  <span className="fn-name">{r.name}</span>
                  {r.status !== 'changed' && <span className={`tag tag-${r.status}`}>{r.status}</span>}
                  {r.moved && <span className="tag">moved</span>}
                  {r.significant === true && <span className="tag tag-real" title="The rounds say this change is real">sure</span>}
                  {r.notCode && (
                    // The button's own Enter and click are its, not the row's (the row selects on both).
                    <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}><Explain term={r.notCode} /></span>
                  )}
                  {r.location && <span className="muted small loc">{r.location}</span>}
                </th>
                <td className="num">{c.perRequest ? msPer1k(r.a) : groupThousands(r.a, 1)}</td>
                <td className="num">{c.perRequest ? msPer1k(r.b) : groupThousands(r.b, 1)}</td>
                <td className={`num delta ${r.delta > 0 ? 'up' : r.delta < 0 ? 'down' : ''}`}>{signed(r.delta, c.perRequest ? 2 : 1)}</td>
                <td className="num">{r.relative === null ? (r.b > 0 ? 'new' : '—') : signedPercent(r.relative)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length === 0 && <p className="empty-state">{filter ? 'No row matches the filter.' : 'Nothing to show.'}</p>}
      </div>
      {selectedRow?.fn && <HotLinesAB client={client} fn={selectedRow.fn} />}
    </div>
  );
}

function HotLinesAB({ client, fn }: { client: CompareClient; fn: NonNullable<TableRow['fn']> }) {
  const [lines, setLines] = useState<{ key: string; value: HotLinesBySide | string } | null>(null);
  const key = `${fn.name}\u0000${fn.url}\u0000${fn.line}`;
  useEffect(() => {
    let live = true;
    client.hotLines(fn).then((value) => live && setLines({ key, value }), (e: unknown) => live && setLines({ key, value: e instanceof Error ? e.message : String(e) }));
    return () => { live = false; };
  }, [client, fn, key]);
  const v = lines?.key === key ? lines.value : null;
  if (v === null) return <p className="muted small" aria-busy="true">Reading {fn.name}’s lines…</p>;
  if (typeof v === 'string') return <p className="note note-error">{v}</p>;
  return (
    <div className="hot-lines-ab" data-testid="hot-lines-ab">
      <LinesOf letter="A" name={fn.name} lines={v.a} />
      <LinesOf letter="B" name={fn.name} lines={v.b} />
    </div>
  );
}

function LinesOf({ letter, name, lines }: { letter: string; name: string; lines: HotLine[] | null }) {
  return (
    <section aria-label={`${name} in ${letter}, line by line`}>
      <h4><span className="step">{letter}</span> {name}’s own time, by line</h4>
      {!lines ? (
        <p className="muted small">{letter === 'A' ? 'Not in A, or no line data.' : 'Not in B, or no line data.'}</p>
      ) : (
        <table className="compare-table lines">
          <tbody>
            {lines.map((l) => (
              <tr key={`${l.url}:${l.line}`} title={l.generated ? `Ran as line ${l.generated.line} of ${l.generated.url}` : undefined}>
                <td className="num">line {l.line}</td>
                <td className="num">{formatTimeMs(l.ms)}</td>
                <td className="code-cell"><code>{l.text ?? ''}</code></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
