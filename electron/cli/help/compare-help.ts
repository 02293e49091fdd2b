// `flambe compare --help`: only the text, so printing it loads nothing else (electron/cli/main.ts).
export const COMPARE_HELP = `Usage:
  flambe compare A B [--json] [--top N] [--library PATH] [--fail-if-slower PCT]

Compares two recordings: A (before) and B (after). Each is a library id (or
its first 8 characters, as "flambe library list" shows them) or a file: a
.flambe bundle or a .cpuprofile. Prints the verdict, the load numbers side by
side with how sure Flambé is of each change, and what changed (kinds of work,
functions) in CPU ms per 1 000 requests when both have request counts.

From one run each, Flambé puts an interval on a change only when the library
holds repeated recordings of the same settings to learn the run-to-run noise
from. Without them it calls a change real only when it is far beyond what runs
of the same code differ by on this machine (the rounds of the library's
experiments, and never less than a busy machine's 2× in requests/s): past
three times that spread, 8× either way; anything smaller reads "cannot tell:
one run each".

With several routes in either burst, "Per route" lists each route matched by
method and path: requests/s, p50, p75, p95 and p99 of A and B, the change and
how sure (--json: "routes").

When both were recorded with request times, "Where each request's time went"
puts each part side by side in ms per request, and "Per statement" each
database or cache statement read off the wire in ms per call ("\`SELECT …
WHERE account_id = $1\`: 224 → 3 ms per call"): an index changes that, where
ms per request also moves with the calls a request makes (--json:
"requestTime", each part's "msPerCall").

When both recordings sampled allocations, "Allocated per request" gives the
bytes each allocated per request, the change and how sure (from one run each,
as above: the library's repeats of the same settings), and the functions
whose bytes per request changed most (--json: "allocations").

Options:
  --top N                show the N largest changes (default 10; all with --json)
  --library PATH         the library to read ids and repeats from
  --fail-if-slower PCT   exit 3 when B is slower than A by more than PCT % in
                         requests/s or p99 AND that is significant — an
                         interval from repeats, or far beyond noise (a CI gate
                         that does not fire on noise)
  --json                 print one JSON object on stdout
  -h, --help             show this help

Exit codes: 0 done, 1 user error, 2 internal error, 3 slower (--fail-if-slower).
`;
