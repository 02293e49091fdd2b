// The services (inspector, load generator, SQLite library) are loaded when a
// command first needs them, not when it starts: `flambe record --help` and a
// mistyped flag answer without loading them (bench/cli-start.js measures it).
import type { createFlambeService as Create } from '../services/service.ts';

export async function startService(...args: Parameters<typeof Create>): Promise<ReturnType<typeof Create>> {
  const { createFlambeService } = await import('../services/service.ts');
  return createFlambeService(...args);
}
