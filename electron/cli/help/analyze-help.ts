// `flambe analyze --help`: only the text, so printing it loads nothing else (electron/cli/main.ts).
export const ANALYZE_HELP = `Usage:
  flambe analyze FILE [--json] [--top N] [--by function|file|package] [--requests N]

Reads a CPU profile (.cpuprofile from Node, Chrome or VS Code, or a Chrome
DevTools trace .json) and shows where its time went; or an allocation profile
(.heapprofile from DevTools or node --heap-prof) and shows which functions
allocated the bytes it holds.

Options:
  --by KIND        group the table by function (default), file or package
  --top N          show the N heaviest rows by self time (default 20; all with --json)
  --requests N     requests served during the profile: adds CPU ms per 1000 requests
  --json           print one JSON object on stdout instead of tables
  -h, --help       show this help
`;
