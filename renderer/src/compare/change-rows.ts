// The "what changed" tables' rows, one shape for functions, files, packages,
// kinds of work and categories (pure, tested): A, B, the change and its
// relative size, filtered by text and kept in the order of the change.
import type { BucketChange, ChangeRow, Comparison } from '../../../shared/compare/index.ts';
import { CATEGORY_LABELS } from '../../../shared/profile/classify.ts';

export type TableKey = 'functions' | 'files' | 'packages' | 'buckets' | 'categories';

export interface TableRow {
  key: string;
  name: string;
  location: string;
  status: 'changed' | 'new' | 'gone';
  moved: boolean;
  /** In the comparison's unit: ms per 1000 requests, else % of each profile. */
  a: number;
  b: number;
  delta: number;
  /** B against A in % of A (null for new rows). */
  relative: number | null;
  significant: boolean | null;
  /** What to search for in the flamegraph when the row is selected. */
  flameTerm: string | null;
  /** V8's own work, not code — (program) or (garbage collector): the table explains it (shared/glossary.ts). */
  notCode?: 'program' | 'gc';
  /** For functions: what hot lines need. */
  fn?: { name: string; url: string; line: number; aLine?: number };
}

const STATUSES = new Set<string>(['changed', 'new', 'gone']);
const CATEGORY_NAMES = new Set(Object.values(CATEGORY_LABELS));
const isBuiltinCategory = (name: string) => CATEGORY_NAMES.has(name);

function fromChange(r: ChangeRow, perRequest: boolean, table: TableKey): TableRow {
  const a = perRequest ? r.aMsPer1k ?? 0 : r.aPercent;
  const b = perRequest ? r.bMsPer1k ?? 0 : r.bPercent;
  return {
    key: r.key, name: r.name, location: r.location, status: r.status, moved: r.moved, a, b, delta: b - a,
    relative: a > 0 ? (b / a - 1) * 100 : null, significant: r.significant,
    // Frames carry their file in `location`: a file, or a package's folder, finds them.
    flameTerm: table === 'functions' ? r.name : table === 'files' ? r.location || r.name : table === 'packages' && r.category === r.name && r.url === '' && !isBuiltinCategory(r.name) ? `node_modules/${r.name}/` : null,
    fn: table === 'functions' && r.url ? { name: r.name, url: r.url, line: r.line, aLine: r.aLine } : undefined,
    ...(r.notCode ? { notCode: r.notCode } : {}),
  };
}

function fromBucket(r: BucketChange, perRequest: boolean): TableRow {
  const a = perRequest ? r.aMsPer1k ?? 0 : r.aPercent;
  const b = perRequest ? r.bMsPer1k ?? 0 : r.bPercent;
  return {
    key: r.id, name: r.name, location: r.where ? `${r.where.name} · ${r.where.location}` : '', status: a === 0 && b > 0 ? 'new' : b === 0 && a > 0 ? 'gone' : 'changed',
    moved: false, a, b, delta: b - a, relative: a > 0 ? (b / a - 1) * 100 : null, significant: r.significant,
    flameTerm: r.where?.name ?? null,
  };
}

export function tableRows(c: Comparison, table: TableKey, filter = ''): TableRow[] {
  const rows = table === 'buckets'
    ? c.buckets.filter((r) => r.aPercent > 0 || r.bPercent > 0).map((r) => fromBucket(r, c.perRequest))
    : c[table].map((r) => fromChange(r, c.perRequest, table));
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return rows;
  // A status word ("new", "gone", "changed") asks for that status, not for
  // names containing it: "new" must not also list Node's `newListener`.
  return rows.filter((r) => {
    const text = `${r.name} ${r.location}`.toLowerCase();
    return words.every((w) => (STATUSES.has(w) ? r.status === w : text.includes(w)));
  });
}
