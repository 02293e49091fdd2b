// The computer a recording ran on: two runs on different machines do not
// compare fairly (Compare warns).
import { z } from 'zod';
import { count, text } from './limits.ts';

export const machineSchema = z.object({ cpuModel: text(500), cores: count.min(1).max(100_000) });
export type MachineInfo = z.output<typeof machineSchema>;
