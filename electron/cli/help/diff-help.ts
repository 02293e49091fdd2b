// `flambe diff --help`: only the text, so printing it loads nothing else (electron/cli/main.ts).
export const DIFF_HELP = `Usage:
  flambe diff A B [--json] [--top N] [--requests-a N --requests-b N]

Compares two CPU profiles (A = before, B = after). Functions are matched by
name, file and line (or by name and file when the line moved); each side is
in % of its own profile's time, so runs of different lengths compare fairly.

Options:
  --top N                     show the N largest changes (default 20; all with --json)
  --requests-a N, --requests-b N
                              requests served during each profile: also compare
                              CPU ms per 1000 requests (give both)
  --json                      print one JSON object on stdout instead of a table
  -h, --help                  show this help
`;
