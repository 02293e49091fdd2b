// The remote confirmation guards where the inspector's WebSocket really
// points, not only the host typed in: a loopback /json/list that names
// another host is refused unless the user confirmed (issue 9 item 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFlambeService } from '../../../electron/services/service.ts';

let server: http.Server;
let port = 0;
let wsHost = 'evil.example';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify([{ id: 'x', title: 'node', url: 'file:///app.js', webSocketDebuggerUrl: `ws://${wsHost}:9229/x` }]));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('attach follows the WebSocket URL only where it was allowed to', () => {
  it('refuses a loopback inspector whose WebSocket URL names another computer, without confirmation', async () => {
    wsHost = 'evil.example';
    const service = createFlambeService({ libraryPath: null });
    try {
      await expect(service.api.attachTarget({ host: '127.0.0.1', port, confirmRemote: false }))
        .rejects.toThrow(/evil\.example.*another computer.*confirm/);
    } finally {
      await service.dispose();
    }
  });

  it('follows a WebSocket URL on any loopback spelling (it then fails to connect, not to be allowed)', async () => {
    wsHost = '[::ffff:127.0.0.1]';
    const service = createFlambeService({ libraryPath: null });
    try {
      const err = await service.api.attachTarget({ host: '127.0.0.1', port, confirmRemote: false }).catch((e: Error) => e);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).not.toMatch(/another computer/);
    } finally {
      await service.dispose();
    }
  });
});
