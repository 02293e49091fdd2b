// Listeners the burst added and left behind, per emitter and event: counted in
// the target by wrappers of EventEmitter's add methods, installed for the burst
// only (electron/services/targets/listener-counter.ts). A listener added per
// request and never removed is a leak a short burst shows by count long before
// memory can tell it from noise.
import { z } from 'zod';
import { formatCount } from '../number-format.ts';

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const listenerGrowthSchema = z.object({
  /** The emitter's constructor name ("EventEmitter", "Server", a class of the app); '' when it has none. */
  emitter: z.string().max(200),
  event: z.string().max(200),
  /** Listeners added to it during the burst. */
  added: count,
  /** Of those, still there at the end. */
  kept: count,
  /** Its listeners for that event at the end. */
  listeners: count,
  /** The first function of the app's own code (not Node's, not node_modules) that added them; null when unknown. */
  site: z.object({ function: z.string().max(1000), url: z.string().max(10_000), line: z.number().int().min(0) }).nullable(),
});
export type ListenerGrowth = z.infer<typeof listenerGrowthSchema>;
export const listenersSchema = z.array(listenerGrowthSchema).max(10);

/** Kept listeners per request from this share on are "one per request" (a leak per request), below it "some requests". */
const PER_REQUEST = 0.8;

/**
 * "An EventEmitter gained 2 900 'quote' listeners during the burst — one per request — added in watchQuote
 * (quotes.js:18) and never removed: each emit calls them all, so every request costs more than the one before."
 */
export function listenerSentence(g: ListenerGrowth, requests: number | null, place: (url: string, line: number) => string): string {
  const who = g.emitter && g.emitter !== 'Object' ? `An ${g.emitter === 'EventEmitter' ? 'EventEmitter' : `emitter (${g.emitter})`}` : 'An emitter';
  const per = requests && requests > 0 ? g.kept / requests : null;
  const rate = per === null ? '' : per >= PER_REQUEST && per <= 1.25 ? ' — one per request' : per > 1.25 ? ` — ${Number(per.toPrecision(2))} per request` : ` — one for every ${formatCount(1 / per)} requests`;
  const where = g.site ? ` added in ${g.site.function} (${place(g.site.url, g.site.line)})` : '';
  return `${who} gained ${formatCount(g.kept)} '${g.event}' listeners during the burst${rate}${rate && where ? ' —' : ''}${where} and never removed (${formatCount(g.listeners)} now). `
    + 'A listener added per request must be removed when the request is done (emitter.off / once / an AbortSignal): each one is kept with what it holds, and each emit calls them all, so every request costs more than the one before.';
}
