// The load flags `flambe record`, `sweep` and `overhead` share: --route,
// --routes FILE and --rate, turned into loadSettings fields.
import { readFileSync } from 'node:fs';
import { describeValidationError, loadRoutesFileSchema, type LoadRoute } from '../../shared/api.ts';
import { UserError } from '../services/errors.ts';
import { parseRouteLine } from '../../shared/load/route-line.ts';

/** `--route "METHOD /path [weight]"` (or "/path" for GET). */
export function parseRouteFlag(raw: string): LoadRoute {
  const r = parseRouteLine(raw);
  if (!r.ok) throw new UserError(`--route: ${r.message}`);
  return r.value;
}

/** `--routes FILE`: a JSON array of {method, path, headers?, body?, weight?}. */
export function readRoutesFile(file: string): LoadRoute[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UserError(`Could not read the routes file ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UserError(`The routes file ${file} is not JSON: it should be a list like [{"method":"GET","path":"/users"}].`);
  }
  const check = loadRoutesFileSchema.safeParse(data);
  if (!check.success) throw new UserError(`In ${file}: ${describeValidationError(check.error)}`);
  return check.data;
}

export function routesFromFlags(route: string[] | undefined, routesFile: string | undefined): LoadRoute[] | undefined {
  const routes = [...(routesFile ? readRoutesFile(routesFile) : []), ...(route ?? []).map(parseRouteFlag)];
  return routes.length ? routes : undefined;
}
