// The sentence of listeners a burst left behind (listeners.ts).
import { describe, expect, it } from 'vitest';
import { listenerSentence, listenersSchema, type ListenerGrowth } from './listeners.ts';

const quote: ListenerGrowth = { emitter: 'EventEmitter', event: 'quote', added: 2900, kept: 2900, listeners: 2901, site: { function: 'watchQuote', url: 'file:///srv/quotes.js', line: 18 } };
const place = (url: string, line: number) => `${url.replace('file:///srv/', '')}:${line}`;

describe('listenerSentence', () => {
  it('names the emitter, the event, how many per request and who added them', () => {
    expect(listenerSentence(quote, 2900, place)).toMatch(/^An EventEmitter gained 2 900 'quote' listeners during the burst — one per request — added in watchQuote \(quotes\.js:18\) and never removed \(2 901 now\)\. A listener added per request must be removed/);
    expect(listenerSentence({ ...quote, kept: 290 }, 2900, place)).toMatch(/— one for every 10 requests —/);
    expect(listenerSentence({ ...quote, emitter: 'PriceFeed', site: null }, null, place)).toMatch(/^An emitter \(PriceFeed\) gained 2 900 'quote' listeners during the burst and never removed/);
  });

  it('reads back what the target sent, and refuses what is not a count', () => {
    expect(listenersSchema.parse([quote])).toEqual([quote]);
    expect(listenersSchema.safeParse([{ ...quote, kept: -1 }]).success).toBe(false);
  });
});
