// A hello-world node:http route, the smallest request a server serves.
import './install.mjs';
import http from 'node:http';

http.createServer((req, res) => res.end('hello')).listen(0, '127.0.0.1', function () {
  console.log(`listening on ${this.address().port}`);
});
