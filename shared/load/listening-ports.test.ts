import { describe, expect, it } from 'vitest';
import { urlOnListeningPort } from './listening-ports.ts';

describe('urlOnListeningPort (issue 23, item 8)', () => {
  it('puts a path on the one port the script listens on', () => {
    expect(urlOnListeningPort('/login', ['http://127.0.0.1:4000/'])).toEqual({ url: 'http://127.0.0.1:4000/login' });
    expect(urlOnListeningPort(null, ['http://127.0.0.1:4000/'])).toEqual({ url: 'http://127.0.0.1:4000/' });
  });

  it('refuses a path (or no URL) when the script listens on several ports, and lists them', () => {
    expect(urlOnListeningPort('/login', ['http://127.0.0.1:4001/', 'http://127.0.0.1:4000/'])).toEqual({
      error: 'The script listens on 2 ports (4001, 4000): the path /login could be on any of them. Give the full address with --url, one of: http://127.0.0.1:4001/login, http://127.0.0.1:4000/login.',
    });
    expect(urlOnListeningPort(null, ['http://127.0.0.1:4001/', 'http://127.0.0.1:4000/'])).toMatchObject({ error: expect.stringMatching(/^The script listens on 2 ports \(4001, 4000\): which one to load is not clear\./) });
  });
});
