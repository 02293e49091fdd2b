// Where a recording's requests ran, said in one line (processes.ts).
import { describe, expect, it } from 'vitest';
import { childMemoryNotWatched, memorySentenceWithChildren, servedBySentence, type RecordedProcesses } from './processes.ts';

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
    // Found and not opened, none recorded (a fork pool by --pid: each child's inspector met the parent's on 9229): said.
    const taken = (pid: number) => ({ pid, why: `Port 9229 is taken by the inspector of process 9910, so process ${pid} could not open its own.` });
    expect(servedBySentence({ primaryRequests: 1356, children: [], refused: [taken(9911), taken(9912)] }))
      .toBe('Its 2 Node child processes could not be recorded beside it, so their work is not in this recording: pid 9911, 9912 '
        + '(Port 9229 is taken by the inspector of process 9910, so it could not open its own).');
    expect(servedBySentence({ primaryRequests: 5, children: [], refused: [taken(9911), { pid: 9912, why: 'Process 9912 has exited.' }] }))
      .toBe('Its 2 Node child processes could not be recorded beside it, so their work is not in this recording: '
        + 'pid 9911 (Port 9229 is taken by the inspector of process 9910, so it could not open its own), pid 9912 (Process 9912 has exited).');
    expect(servedBySentence({ primaryRequests: 3, children: [], refused: [] })).toBeNull();
  });
});

describe('the memory verdict beside child processes that served', () => {
  const steady = 'Memory did not grow over the 5 s burst: …';
  it('says it cannot tell, in place of a verdict on an idle primary, when the workers served every request', () => {
    const note = childMemoryNotWatched({ primaryRequests: 0, children: [child(1952, 10059), child(1953, 8268)], refused: [] });
    expect(note).toEqual({ replaces: true, sentence: 'Cannot tell whether memory grows where the requests ran: the 2 cluster workers that served them (pid 1952, 1953) '
      + 'have heaps of their own, which Flambé does not watch, and the primary, whose memory Flambé watched, served none. '
      + 'To watch one\'s memory, record it alone: flambe record --pid 1952 --url ….' });
    expect(memorySentenceWithChildren(steady, false, note)).toBe(note!.sentence);
    // A primary that grew itself is still said, with the note after it.
    expect(memorySentenceWithChildren('Memory grew …', true, note)).toBe(`Memory grew … ${note!.sentence}`);
  });

  it('says whose memory it is beside a parent that served some, and nothing when no child served', () => {
    const note = childMemoryNotWatched({ primaryRequests: 12, children: [child(7, 30, 'forked child'), child(8, 0, 'forked child')], refused: [] });
    expect(note).toEqual({ replaces: false, sentence: 'That is the parent\'s memory: its forked child (pid 7), which served 30 of the requests, has a heap of its own, which Flambé does not watch.' });
    expect(memorySentenceWithChildren(steady, false, note)).toBe(`${steady} ${note!.sentence}`);
    expect(childMemoryNotWatched({ primaryRequests: 500, children: [child(7, 0, 'forked child')], refused: [] })).toBeNull();
    expect(childMemoryNotWatched(undefined)).toBeNull();
    expect(memorySentenceWithChildren(steady, false, null)).toBe(steady);
  });
});
