import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './hosts.ts';

// Every spelling both ways: the Attach form and the services use this one function.
const loopback = [
  '127.0.0.1', '127.1.2.3', '127.255.255.255', 'localhost', 'LOCALHOST', 'localhost.', ' ::1 ', '[::1]', '0:0:0:0:0:0:0:1',
  '[0:0:0:0:0:0:0:1]', '0::1', '::0:1', '::ffff:127.0.0.1', '[::ffff:127.0.0.1]', '::ffff:7f00:1', '[::ffff:7f00:1]',
  '0:0:0:0:0:ffff:127.0.0.2', 'app.localhost', 'a.b.localhost',
];
const remote = [
  '0.0.0.0', '10.0.0.5', '192.168.1.2', '128.0.0.1', '127.0.0.256', '127.0.0', '127.0.0.1.evil.com', 'example.com',
  'localhost.example.com', 'notlocalhost', '::', '::2', '1::1', '::ffff:10.0.0.1', '::ffff:8.8.8.8', 'fe80::1', '::1::', '[::1', '',
  'evil.localhost/x', '0:0:0:0:0:0:0:0:1',
];

describe('isLoopbackHost', () => {
  it.each(loopback)('%s is this computer', (h) => expect(isLoopbackHost(h)).toBe(true));
  it.each(remote)('%s is another computer', (h) => expect(isLoopbackHost(h)).toBe(false));
  it('agrees with the URL parser\'s spelling of a WebSocket URL', () => {
    for (const h of ['[::ffff:127.0.0.1]', '[0:0:0:0:0:0:0:1]', '127.0.0.1']) {
      expect(isLoopbackHost(new URL(`ws://${h}:9229/x`).hostname), h).toBe(true);
    }
  });
});
