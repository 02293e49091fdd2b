// The sentence of a recording whose process served none of the requests: it
// names the children that listen on the loaded port, or else all of them,
// and says nothing when there is no child (Flambé does not guess).
import { describe, expect, it } from 'vitest';
import { servedElsewhereSentence } from './child-processes.ts';

describe('servedElsewhereSentence', () => {
  it('names the children listening on the loaded port, and how to record one', () => {
    const s = servedElsewhereSentence(100, 1840, [{ pid: 101, ports: [3000] }, { pid: 102, ports: [3000] }, { pid: 103, ports: [] }], 3000);
    expect(s).toBe("This server's requests are served by 2 child processes listening on port 3000 (pid 101, 102), such as node:cluster workers: "
      + 'Flambé recorded process 100, which served none of the 1840 requests, so its profile says nothing about them and no verdict is given. '
      + 'Record a worker instead: flambe record --pid 101 --url ….');
  });

  it('says why the workers could not be recorded, and, when they could not open beside the primary\'s inspector, what to type instead', () => {
    const why = 'Port 9229 is taken by the inspector of process 100: the inspector of process 101 cannot open on it.';
    const s = servedElsewhereSentence(100, 560, [{ pid: 101, ports: [] }, { pid: 102, ports: [] }], 3000, [{ pid: 101, why }, { pid: 102, why }])!;
    expect(s).toContain(`Flambé could not record them: pid 101: ${why.slice(0, -1)}; pid 102: `);
    expect(s).toContain('Start the server with node --inspect=127.0.0.1:0 and record it with flambe record --attach 127.0.0.1:<the port it prints> --url …');
    expect(s).toMatch(/or record one worker: flambe record --pid 101 --url ….$/);
    const other = servedElsewhereSentence(100, 560, [{ pid: 101, ports: [] }], 3000, [{ pid: 101, why: 'it ended during the recording' }])!;
    expect(other).toMatch(/pid 101: it ended during the recording\. Record a worker instead: flambe record --pid 101 --url …\.$/);
  });

  it('names every child when none listens itself (a cluster primary holds the socket)', () => {
    expect(servedElsewhereSentence(100, 5, [{ pid: 101, ports: [] }], 3000)).toMatch(/^This server's requests are served by its 1 child process \(pid 101\),/);
  });

  it('says nothing without a child', () => {
    expect(servedElsewhereSentence(100, 5, [], 3000)).toBeNull();
  });
});
