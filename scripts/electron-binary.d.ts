// Types for scripts/electron-binary.js (plain JS so `node scripts/start.js` runs without a build step).
export function platformExecutable(platform?: NodeJS.Platform | 'mas'): string;
export function findElectronBinary(root: string, env?: NodeJS.ProcessEnv): string | null;
