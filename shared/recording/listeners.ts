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
  site: z.object({
    function: z.string().max(1000),
    url: z.string().max(10_000),
    line: z.number().int().min(0),
    /** That line's text as the file on disk has it (what the user wrote), when the target could read it: names the emitter. */
    text: z.string().max(500).optional(),
  }).nullable(),
});
export type ListenerGrowth = z.infer<typeof listenerGrowthSchema>;
export const listenersSchema = z.array(listenerGrowthSchema).max(10);

/** Kept listeners per request from this share on are "one per request" (a leak per request), below it "some requests". */
const PER_REQUEST = 0.8;

const ADD_METHODS = 'on|addListener|once|prependListener|prependOnceListener';

/**
 * The emitter as the adding line names it — `prices` in `prices.on('quote', …)`, `this.feed` in
 * `this.feed.addListener(…)` — or null when the line adds no listener by a name (a call through a helper, an
 * expression), or adds one for another event. The name is the user's own word for the holder they can change.
 */
export function emitterName(lineText: string, event: string): string | null {
  const call = new RegExp(`((?:this\\.)?[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)*)\\s*\\.\\s*(?:${ADD_METHODS})\\s*\\(\\s*(?:(['"\`])((?:(?!\\2).)*)\\2)?`, 'g');
  for (const m of lineText.matchAll(call)) {
    // A quoted event that is not this one is another emitter's add on the same line.
    if (m[2] !== undefined && m[3] !== event) continue;
    return m[1].length <= 60 ? m[1] : null;
  }
  return null;
}

/**
 * "The EventEmitter `prices` gained 2 900 'quote' listeners during the burst — one per request — added in watchQuote
 * (quotes.js:18) and never removed: each emit calls them all, so every request costs more than the one before."
 * ("An EventEmitter gained …" when the adding line does not name it.)
 */
export function listenerSentence(g: ListenerGrowth, requests: number | null, place: (url: string, line: number) => string): string {
  const name = g.site?.text ? emitterName(g.site.text, g.event) : null;
  const kind = g.emitter && g.emitter !== 'Object' ? (g.emitter === 'EventEmitter' ? 'EventEmitter' : `emitter (${g.emitter})`) : 'emitter';
  const who = name ? `The ${kind} \`${name}\`` : `An ${kind}`;
  const per = requests && requests > 0 ? g.kept / requests : null;
  const rate = per === null ? '' : per >= PER_REQUEST && per <= 1.25 ? ' — one per request' : per > 1.25 ? ` — ${Number(per.toPrecision(2))} per request` : ` — one for every ${formatCount(1 / per)} requests`;
  const where = g.site ? ` added in ${g.site.function} (${place(g.site.url, g.site.line)})` : '';
  return `${who} gained ${formatCount(g.kept)} '${g.event}' listeners during the burst${rate}${rate && where ? ' —' : ''}${where} and never removed (${formatCount(g.listeners)} now). `
    + 'A listener added per request must be removed when the request is done (emitter.off / once / an AbortSignal): each one is kept with what it holds, and each emit calls them all, so every request costs more than the one before.';
}
