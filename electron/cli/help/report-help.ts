// `flambe report --help`: only the text, so printing it loads nothing else (electron/cli/main.ts).
export const REPORT_HELP = `Usage:
  flambe report (ID | GROUP-ID | A B) [--format md|html] [--out FILE] [--slow-ms X] [--library PATH]

Writes a report of saved recordings, to paste into a wiki or a pull request:
  GROUP-ID   a sweep: the load per level, every route at every level, the routes
             slower than X ms at p75 per level, the process per level, the knee;
             an experiment: the verdict, A against B with the change and how sure
             (per route and per statement too), the functions that changed, the rounds
  ID         one recording: the verdict, load (per route), the database and cache
             statements waited on (ms per call, never a bound value), log volume,
             top functions with file:line, the flamegraph
  A B        two recordings compared (as flambe compare), per route and per
             statement (ms per call) too
Each ends with how sure its numbers are (the method in one line) and the machine
and settings. Values that look secret (environment variables, headers, URL passwords,
?token=-like parameters, --secret/--password arguments, and those values in names)
are masked; a report that masked one is written 0600.
Ids may be the first 8 characters "flambe library list [--groups]" shows.

  --format md|html  Markdown (default) or one self-contained HTML file
  --out FILE        write it to FILE; Markdown's charts and flamegraphs go beside
                    it as FILE-<chart>.png (any wiki or pull request shows them;
                    .svg where this platform has no PNG renderer). Without --out
                    the report goes to stdout (Markdown then without its charts)
  --slow-ms X       the p75 threshold for slow routes (default 100)
`;
