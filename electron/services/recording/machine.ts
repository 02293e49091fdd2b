// The computer a recording runs on (CPU model and cores), stored with each
// recording: two runs on different machines do not compare fairly, and the
// Compare screen says so (shared/compare/warnings.ts).
import os from 'node:os';
import type { MachineInfo } from '../../../shared/api.ts';

export function thisMachine(): MachineInfo {
  const cpus = os.cpus();
  return { cpuModel: cpus[0]?.model.trim() || os.arch(), cores: os.availableParallelism?.() ?? cpus.length };
}
