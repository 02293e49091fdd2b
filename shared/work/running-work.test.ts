import { describe, expect, it } from 'vitest';
import { workRefusal, type RunningWork } from './running-work.ts';

const work = (kind: RunningWork['kind'], label: string, targetId: string | null = 't1'): RunningWork => ({ kind, id: `${kind}-1`, label, targetId, startedAt: '2026-11-28T00:00:00Z' });

describe('workRefusal: one measurement of the machine at a time', () => {
  it('refuses a recording during an experiment, saying which and why, in one sentence', () => {
    expect(workRefusal({ kind: 'recording', targetId: 't1' }, [work('experiment', 'What does console.log cost?', null)])).toBe(
      'The experiment “What does console.log cost?” is running: a recording now would share the machine with it and disturb what it measures. Wait for it to finish, or stop it first.',
    );
  });

  it('refuses a second experiment, and an experiment, sweep or overhead measurement during a recording', () => {
    expect(workRefusal({ kind: 'experiment', targetId: null }, [work('experiment', 'A vs B', null)])).toMatch(/^The experiment “A vs B” is running: an experiment now would/);
    expect(workRefusal({ kind: 'experiment', targetId: null }, [work('recording', 'GET /json')])).toMatch(/^A recording \(GET \/json\) is running: an experiment now/);
    expect(workRefusal({ kind: 'sweep', targetId: 't2' }, [work('recording', 'GET /json')])).toMatch(/a sweep now would share the machine/);
    expect(workRefusal({ kind: 'recording', targetId: null }, [work('overhead', 'node server.js')])).toMatch(/^An overhead measurement \(node server.js\) is running: a recording now/);
    expect(workRefusal({ kind: 'recording', targetId: 't9' }, [work('sweep', 'http://127.0.0.1:3000/json')])).toMatch(/^A concurrency sweep/);
  });

  it('refuses a second recording of one target, as before', () => {
    expect(workRefusal({ kind: 'recording', targetId: 't1' }, [work('recording', 'GET /json', 't1')])).toBe('This target is already being recorded: wait for that recording to finish, or stop it first.');
  });

  it('lets recordings of two different targets run together, and anything start when nothing runs', () => {
    expect(workRefusal({ kind: 'recording', targetId: 't2' }, [work('recording', 'GET /json', 't1')])).toBeNull();
    expect(workRefusal({ kind: 'recording', targetId: null }, [work('recording', 'GET /json', 't1')])).toBeNull();
    expect(workRefusal({ kind: 'experiment', targetId: null }, [])).toBeNull();
  });
});

describe('workRefusal across processes (the app beside a CLI run)', () => {
  const other = (kind: RunningWork['kind'], label: string, targetKey: string | null): RunningWork => ({
    ...work(kind, label, targetKey), elsewhere: { pid: 4242, program: 'flambe experiment' },
  });

  it('names the other process in the sentence', () => {
    expect(workRefusal({ kind: 'recording', targetId: 't1', targetKey: 'pid:77' }, [other('experiment', 'LOG=1 vs LOG=0', null)])).toBe(
      'The experiment “LOG=1 vs LOG=0” is running in another Flambé process (flambe experiment, pid 4242): a recording now would share the machine with it and disturb what it measures. Wait for it to finish, or stop it first.',
    );
  });

  it('compares targets of another process by their process, not by this process’s target ids', () => {
    expect(workRefusal({ kind: 'recording', targetId: 'pid:77', targetKey: 'pid:78' }, [other('recording', 'GET /json', 'pid:77')])).toBeNull();
    expect(workRefusal({ kind: 'recording', targetId: 't1', targetKey: 'pid:77' }, [other('recording', 'GET /json', 'pid:77')])).toBe(
      'This target is already being recorded by another Flambé process (flambe experiment, pid 4242): wait for that recording to finish, or stop it first.',
    );
  });
});
