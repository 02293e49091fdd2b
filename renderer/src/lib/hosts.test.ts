import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './hosts.ts';

describe('isLoopbackHost', () => {
  it('accepts this machine', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', ' ::1 ', '[::1]', 'app.localhost', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(h), h).toBe(true);
    }
  });
  it('flags every other host', () => {
    for (const h of ['0.0.0.0', '10.0.0.5', '192.168.1.2', 'example.com', 'localhost.example.com', '::', '128.0.0.1']) {
      expect(isLoopbackHost(h), h).toBe(false);
    }
  });
});
