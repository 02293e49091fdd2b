// The bounds every field of a recording is held to when it crosses a boundary
// (a .flambe file, a library row): finite numbers, never negative, text of a
// sane length. They are part of the one schema (shared/recording/*.ts), so a
// bundle's limits and the recording's type cannot drift apart.
import { z } from 'zod';

/** A whole number of things: requests, errors, bytes, a pid. */
export const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** Rates, milliseconds, bytes/s: finite, never negative. */
export const amount = z.number().min(0).max(1e12);
/** A CPU % of one core (can exceed 100 on several cores). */
export const percent = z.number().min(0).max(100_000);
/** A time on a recording's clock, ms; negative before the profiler started (the warm-up). */
export const clockMs = z.number().min(-1e12).max(1e12);
export const text = (max: number) => z.string().max(max);
/** An id of a recording or a group. */
export const id = z.string().min(1).max(200);
/** An ISO date, as createdAt is written. */
export const isoDate = z.string().max(100).refine((s) => !Number.isNaN(Date.parse(s)), 'is not a date');
/** A list of at most `max` entries (a bundle can be big, but not unbounded). */
export const list = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max);
