// Where a recording's requests ran, said in one line (processes.ts).
import { describe, expect, it } from 'vitest';
import { servedBySentence, type RecordedProcesses } from './processes.ts';

const child = (pid: number, requests: number | null, role: RecordedProcesses['children'][number]['role'] = 'cluster worker') => ({ pid, role, requests, profile: {} });

describe('servedBySentence', () => {
  it('counts a cluster\'s requests per worker, and says the primary served none', () => {
    expect(servedBySentence({ primaryRequests: 0, children: [child(4242, 921), child(4243, 919)], refused: [] }))
      .toBe('1 840 requests served by 2 cluster workers (pid 4242: 921, pid 4243: 919); the primary served none.');
  });

  it('adds what the parent served itself, and names a child it could not record and why', () => {
    expect(servedBySentence({ primaryRequests: 12, children: [child(7, 30, 'forked child')], refused: [{ pid: 8, why: 'Process 8 has exited.' }] }))
      .toBe('42 requests served by 1 forked child (pid 7: 30); the parent served 12; not recorded: pid 8 (Process 8 has exited).');
  });

  it('says so when the children served none (helpers the server forked)', () => {
    expect(servedBySentence({ primaryRequests: 500, children: [child(7, 0, 'forked child'), child(8, 0, 'forked child')], refused: [] }))
      .toBe('The parent served all 500 requests; its 2 forked children (pid 7, 8), recorded beside it, served none.');
  });

  it('says a count it does not have, and nothing without children (a recording of one process)', () => {
    expect(servedBySentence({ primaryRequests: null, children: [child(7, null), child(8, 5)], refused: [] }))
      .toBe('5 requests served by 2 cluster workers (pid 7: not counted, pid 8: 5); the primary\'s were not counted.');
    expect(servedBySentence(undefined)).toBeNull();
    expect(servedBySentence({ primaryRequests: 3, children: [], refused: [] })).toBeNull();
  });
});
