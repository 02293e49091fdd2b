// Flambé's demo server: a plain node:http server with the classic mistakes a
// profiler should make visible. No dependencies, so it runs anywhere Node does.
//
//   node server.js            listens on a free port (or $PORT) on 127.0.0.1
//
// Each route is cheap enough to serve a 10-second load burst.
'use strict';
const http = require('node:http');
const crypto = require('node:crypto');

// A large object, built once: /json pays only for the stringify.
const catalogue = Array.from({ length: 2000 }, (_, i) => ({
  id: i,
  name: `Product ${i}`,
  tags: ['demo', 'flambe', `group-${i % 17}`],
  price: Math.round(((i * 7919) % 10000)) / 100,
  stock: { warehouse: (i * 31) % 500, store: (i * 17) % 50 },
}));

// A pattern with nested quantifiers: on a string that almost matches it
// backtracks exponentially in the length of the input.
const fragileEmail = /^([a-zA-Z0-9]+)*@example\.com$/;

const routes = {
  '/': (req, res) => {
    send(res, 200, 'text/plain', 'Flambé demo server. Routes: /hello /log /json /crypto /regex\n');
  },
  '/hello': (req, res) => {
    send(res, 200, 'text/plain', 'hello world\n');
  },
  '/log': function logRoute(req, res) {
    // One console.log per request: synchronous writes to the terminal.
    console.log(`${new Date().toISOString()} ${req.method} ${req.url} from ${req.socket.remoteAddress}`);
    send(res, 200, 'text/plain', 'logged\n');
  },
  '/json': function jsonRoute(req, res) {
    send(res, 200, 'application/json', JSON.stringify(catalogue));
  },
  '/crypto': function cryptoRoute(req, res) {
    // Synchronous key derivation blocks the event loop for every request.
    const key = crypto.pbkdf2Sync('correct horse battery staple', 'salt', 1000, 32, 'sha256');
    send(res, 200, 'text/plain', key.toString('hex') + '\n');
  },
  '/regex': function regexRoute(req, res) {
    // 25 characters that almost match: about a millisecond of backtracking.
    const input = 'a'.repeat(25) + '!';
    const ok = fragileEmail.test(input);
    send(res, 200, 'text/plain', `valid: ${ok}\n`);
  },
};

function send(res, status, type, body) {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer(function handleRequest(req, res) {
  const path = (req.url || '/').split('?')[0];
  const route = routes[path];
  if (route) route(req, res);
  else send(res, 404, 'text/plain', 'not found\n');
});

const port = Number(process.env.PORT || 0);
server.listen(port, process.env.HOST || '127.0.0.1', () => {
  const { address, port } = server.address();
  // stdout: a line on stderr is drawn in the console's error red, and this one is no error (issue 38's walk).
  process.stdout.write(`Demo server listening on http://${address}:${port}/\n`);
});

for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
