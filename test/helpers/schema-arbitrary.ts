// fast-check values generated FROM a zod schema, with every optional field
// present and every nullable one filled: a field added to a recording's schema
// later is generated too, so a path that does not carry it fails the round-trip
// test (test/services/library/round-trip.test.ts) without anyone updating a fixture.
// Text that must follow a rule (a URL, a date, a path, an env name) is chosen
// by the field's name; what no rule here fits is filtered by the schema itself.
import fc from 'fast-check';
import type { z } from 'zod';

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);
const noNegativeZero = (x: number) => (Object.is(x, -0) ? 0 : x);

/** Text for a field by its name (the rules of shared/recording/settings.ts and limits.ts). */
function textFor(key: string): fc.Arbitrary<string> {
  if (key === 'url' || key === 'a' || key === 'b') return word.map((w) => `http://127.0.0.1:3000/${w}`);
  if (key === 'path') return word.map((w) => `/${w}`);
  if (key === 'createdAt') return fc.integer({ min: 1e12, max: 2e12 }).map((t) => new Date(t).toISOString());
  return word;
}

/** Keys of a record by its name: status codes are digits, env and header names are tokens that do not look secret. */
function keyFor(key: string): fc.Arbitrary<string> {
  if (key === 'statusCodes') return fc.integer({ min: 100, max: 599 }).map(String);
  return fc.stringMatching(/^V_[A-Z]{1,6}$/);
}

function numberOf(schema: unknown): fc.Arbitrary<number> {
  const n = schema as { minValue: number | null; maxValue: number | null; isInt: boolean };
  const min = Math.max(n.minValue ?? -1e6, -1e6);
  const max = Math.min(n.maxValue ?? 1e6, 1e6);
  if (n.isInt) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map(noNegativeZero);
}

export interface ArbitraryOptions {
  /** Fixed arbitraries for fields by name (the profile, an experiment's spec). */
  byKey?: Record<string, fc.Arbitrary<unknown>>;
}

/** Every value the schema accepts, fully populated (optional fields present, nullable ones not null). */
export function arbitraryOf(schema: z.ZodType, opts: ArbitraryOptions = {}, key = ''): fc.Arbitrary<unknown> {
  const fixed = opts.byKey?.[key];
  if (fixed) return fixed;
  const def = defOf(schema);
  const inner = (k = key) => arbitraryOf(def.innerType as z.ZodType, opts, k);
  switch (def.type) {
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'nonoptional': return inner();
    case 'pipe': return arbitraryOf(def.in as z.ZodType, opts, key);
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, s] of Object.entries(shape)) fields[k] = arbitraryOf(s, opts, k);
      return fc.record(fields);
    }
    case 'tuple': return fc.tuple(...(def.items as z.ZodType[]).map((s) => arbitraryOf(s, opts, key)));
    case 'array': return fc.array(arbitraryOf(def.element as z.ZodType, opts, key), { minLength: 1, maxLength: 3 });
    case 'record': return fc.dictionary(keyFor(key), arbitraryOf(def.valueType as z.ZodType, opts, key), { minKeys: 1, maxKeys: 2 });
    case 'string': return textFor(key);
    case 'number': return numberOf(schema);
    case 'boolean': return fc.boolean();
    case 'enum': return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal': return fc.constantFrom(...(def.values as unknown[]));
    case 'union': return fc.oneof(...(def.options as z.ZodType[]).map((o) => arbitraryOf(o, opts, key)));
    default: throw new Error(`schema-arbitrary: no generator for a zod "${def.type}" (field "${key}"): add one`);
  }
}

/** The schema's values that also pass its refinements (cross-field rules), fully populated. */
export function validArbitraryOf<T extends z.ZodType>(schema: T, opts: ArbitraryOptions = {}): fc.Arbitrary<z.output<T>> {
  return arbitraryOf(schema, opts).filter((v) => schema.safeParse(v).success).map((v) => schema.parse(v));
}
