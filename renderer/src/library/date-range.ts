// The Library's date filter: two calendar days from <input type="date">
// ("YYYY-MM-DD", or "" for open-ended), read in the user's time zone and
// turned into the inclusive ISO instants listRecordings compares createdAt with.

export type DateRange =
  | { ok: true; from?: string; to?: string }
  | { ok: false; message: string };

function localDay(text: string, endOfDay: boolean): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = endOfDay ? new Date(y, mo, d, 23, 59, 59, 999) : new Date(y, mo, d, 0, 0, 0, 0);
  // new Date(2026, 1, 30) quietly becomes March 2nd: refuse days that do not exist.
  if (date.getFullYear() !== y || date.getMonth() !== mo || date.getDate() !== d) return null;
  return date;
}

export function parseDateRange(fromText: string, toText: string): DateRange {
  const from = fromText.trim() ? localDay(fromText, false) : undefined;
  const to = toText.trim() ? localDay(toText, true) : undefined;
  if (from === null) return { ok: false, message: `“${fromText}” is not a date: use YYYY-MM-DD.` };
  if (to === null) return { ok: false, message: `“${toText}” is not a date: use YYYY-MM-DD.` };
  if (from && to && from > to) return { ok: false, message: 'The “from” day is after the “to” day.' };
  return { ok: true, ...(from && { from: from.toISOString() }), ...(to && { to: to.toISOString() }) };
}
