// The sentence of listeners a burst left behind (listeners.ts).
import { describe, expect, it } from 'vitest';
import { emitterName, listenerSentence, listenersSchema, type ListenerGrowth } from './listeners.ts';

const quote: ListenerGrowth = { emitter: 'EventEmitter', event: 'quote', added: 2900, kept: 2900, listeners: 2901, site: { function: 'watchQuote', url: 'file:///srv/quotes.js', line: 18 } };
const place = (url: string, line: number) => `${url.replace('file:///srv/', '')}:${line}`;

describe('listenerSentence', () => {
  it('names the emitter, the event, how many per request and who added them', () => {
    expect(listenerSentence(quote, 2900, place)).toMatch(/^An EventEmitter gained 2 900 'quote' listeners during the burst — one per request — added in watchQuote \(quotes\.js:18\) and never removed \(2 901 now\)\. A listener added per request must be removed/);
    expect(listenerSentence({ ...quote, kept: 290 }, 2900, place)).toMatch(/— one for every 10 requests —/);
    expect(listenerSentence({ ...quote, emitter: 'PriceFeed', site: null }, null, place)).toMatch(/^An emitter \(PriceFeed\) gained 2 900 'quote' listeners during the burst and never removed/);
  });

  it('names the emitter by the variable or property the adding line calls it, for that event only', () => {
    const at = (text: string): ListenerGrowth => ({ ...quote, site: { ...quote.site!, text } });
    expect(listenerSentence(at("prices.on('quote', (q) => { if (q.symbol === symbol) onQuote(q); });"), 2900, place))
      .toMatch(/^The EventEmitter `prices` gained 2 900 'quote' listeners during the burst — one per request — added in watchQuote \(quotes\.js:18\)/);
    expect(emitterName('this.feed.prices.addListener("quote", cb)', 'quote')).toBe('this.feed.prices');
    expect(emitterName('bus.once(EVENTS.QUOTE, cb)', 'quote')).toBe('bus');
    expect(emitterName("audit.on('close', f); prices.prependListener(`quote`, g)", 'quote')).toBe('prices');
    // Not named: another event, a call through a helper, an expression as the receiver.
    expect(emitterName("prices.on('close', cb)", 'quote')).toBeNull();
    expect(emitterName('subscribe(prices, cb)', 'quote')).toBeNull();
    expect(emitterName("feeds[symbol].on('quote', cb)", 'quote')).toBeNull();
    expect(emitterName("getFeed().on('quote', cb)", 'quote')).toBeNull();
    expect(listenerSentence(at('subscribe(prices, cb)'), 2900, place)).toMatch(/^An EventEmitter gained 2 900/);
  });

  it('reads back what the target sent, and refuses what is not a count', () => {
    expect(listenersSchema.parse([quote])).toEqual([quote]);
    expect(listenersSchema.safeParse([{ ...quote, kept: -1 }]).success).toBe(false);
  });
});
