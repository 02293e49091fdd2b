// Messages between the Compare screen and its worker.
import type { LibraryNoise } from '../../../shared/compare/index.ts';
import type { CompareSide } from './compute.ts';

export type CompareWorkerRequest =
  | { id: number; type: 'compare'; a: CompareSide; b: CompareSide; noise: LibraryNoise | null }
  | { id: number; type: 'hotLines'; fn: { name: string; url: string; line: number; aLine?: number } };

export type CompareWorkerResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };
