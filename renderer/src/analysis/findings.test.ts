import { describe, expect, it } from 'vitest';
import { profileFromText } from '../../../shared/profile/test-support/text-profile.ts';
import { timeData } from './engine.ts';
import { findings } from './findings.ts';

describe('findings', () => {
  const p = profileFromText(`
    main                                      main                                      main                                      main                     main  (idle)  (idle)  (idle)  (idle)  (idle)
    logRoute[server.js:32]                    logRoute[server.js:32]                    logRoute[server.js:32]                    jsonRoute[server.js:36]  (gc)
    log[node:internal/console/constructor:1]  log[node:internal/console/constructor:1]  log[node:internal/console/constructor:1]
  `);

  it('says where a bucket\'s time comes from, in your code, with ms per 1 000 requests', () => {
    const list = findings(timeData(p), 2000);
    expect(list.map((f) => f.text)).toEqual([
      '30% of the time (60% of the time the server was busy) is spent in logging, from logRoute in /app/server.js:32. That is 1.50 ms of CPU per 1 000 requests.',
      'Your busiest function is jsonRoute in /app/server.js:36: 10% of the time (20% of the time the server was busy) is spent in its own code (not in what it calls). That is 0.50 ms of CPU per 1 000 requests.',
      'Garbage collection takes 10% of the time (20% of the time the server was busy): the server creates many short-lived objects (big strings, arrays, copies).',
      'The server was idle 50% of the time: the load did not keep it busy. More connections would push it harder.',
    ]);
  });

  it('names the line that called a frameless builtin, with its text', () => {
    const q = profileFromText(`
      main                     main                     main
      jsonRoute[server.js:36]  jsonRoute[server.js:36]  logRoute[server.js:32]
    `, { leafLines: [37, 37, 33], sourceLines: { 'file:///app/server.js': { 37: "send(res, 200, 'application/json', JSON.stringify(catalogue));" } } });
    expect(findings(timeData(q), null)[0].text).toBe(
      "67% of the time is spent in JSON, from jsonRoute in /app/server.js:37, at “send(res, 200, 'application/json', JSON.stringify(catalogue))”.",
    );
  });

  it('leaves out the per-request cost without requests', () => {
    expect(findings(timeData(p), null)[0].text).not.toMatch(/per 1 000/);
  });
});
