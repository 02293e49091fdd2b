// A file:line for a narrow column: the package and file for dependencies,
// the last two path segments for your code; the full path goes in a tooltip.

export function shortLocation(location: string): string {
  if (!location) return '';
  const m = /^(.*?)(:\d+)?$/.exec(location)!;
  const file = m[1];
  const line = m[2] ?? '';
  if (/^[a-z]+:(?!\/\/)/.test(file) && !/^[A-Za-z]:[\\/]/.test(file)) return location; // node:fs, node:internal/…
  const parts = file.split(/[\\/]/).filter(Boolean);
  const nm = parts.lastIndexOf('node_modules');
  if (nm >= 0 && nm < parts.length - 1) {
    const scoped = parts[nm + 1].startsWith('@') && nm + 2 < parts.length;
    const pkg = scoped ? `${parts[nm + 1]}/${parts[nm + 2]}` : parts[nm + 1];
    const rest = parts.slice(nm + (scoped ? 3 : 2));
    if (rest.length === 0) return `${pkg}${line}`;
    return `${pkg}/${rest.length > 1 ? '…/' : ''}${rest[rest.length - 1]}${line}`;
  }
  if (parts.length <= 2) return location;
  return `…/${parts.slice(-2).join('/')}${line}`;
}
