// Types for scripts/project-node.js (plain JS: it must run on any Node, before a build).
export const NODE_NEEDED: { major: number; minor: number };
export function nodeIsRecentEnough(version: string): boolean;
export function projectNode(root: string, platform?: NodeJS.Platform, arch?: string): string | null;
export function nodeNeededSentence(version: string, platform?: NodeJS.Platform, arch?: string): string;
export function nodeForProject(root: string): string | null;
export function runOnRecentNode(root: string): Promise<void>;
