// `flambe record --help`: only the text, so printing it loads nothing else (electron/cli/main.ts).
export const RECORD_HELP = `Usage:
  flambe record (--launch SCRIPT [--node PATH] [--cwd DIR] [--env K=V]... [-- ARGS...] | --attach HOST:PORT | --pid PID)
                --url URL [-c N] [-d SECONDS | -n REQUESTS] [-m METHOD] [-H "K: V"]... [-b BODY]
                [--route "METHOD /path"]... [--routes FILE] [--slow-ms X] [--rate R] [--load-threads N] [--print-k6] [--per-route-cpu]
                [--warmup SECONDS] [--sampling-interval US] [--no-allocations] [--find-growth [--max-pause S | --long-pause-ok]] [--no-profile] [--no-load] [--no-request-time]
                [--out FILE.cpuprofile] [--heap-out FILE.heapprofile] [--json]
                [--save [--name N] [--tag T]... [--library PATH]]

Target (one of):
  --launch SCRIPT         start SCRIPT with node --inspect and profile it (stopped when flambe ends)
    --node PATH           the node program to use (default: the node your terminal runs)
    --cwd DIR             working directory of the script
    --env K=V             environment variable for the script (repeatable)
    -- ARGS...            arguments for the script
  --attach HOST:PORT      profile a process already running with --inspect
    --allow-remote        attach to a host that is not this computer (it can run any code there)
  --pid PID               profile a Node process already running on this computer, even without
                          --inspect: Flambé opens its inspector (SIGUSR1) and confirms the pid
  --no-profile            no target: load the URL only (a plain load test)
  --no-load               send the load yourself (ab, k6, a browser…): Flambé records for -d SECONDS
                          (Ctrl-C ends it early) and counts and times every request in the server
  --output-file           with --launch: the script's stdout/stderr go to a file Flambé tails (synchronous,
                          as in a terminal or a log file) instead of a pipe (asynchronous: logging costs less)
  --no-request-time       leave out the request collector (where each request's time went): it costs
                          the server CPU per request (about 0.04 ms on a hello-world route, 2–3 ms on
                          an Express route making 16 PostgreSQL queries, both on a busy 2-core machine;
                          flambe overhead --request-time measures yours)

Load:
  --url URL               the URL to load (default with --launch or --pid: the first port it listens on;
                          a path alone, like /json, loads that path on that port)
  -c, --connections N     concurrent connections (default 10)
  -d, --duration SECONDS  length of the burst (default 10)
  -n, --requests N        stop after N requests instead of a duration
  -m, --method METHOD     HTTP method (default GET)
  -H, --header "K: V"     request header (repeatable)
  -b, --body BODY         request body; -b @FILE sends the file's content (as curl -d @FILE), -b @@… a body starting with @
  --timeout SECONDS       per-request timeout (default 10)
  --route "METHOD /path"  one of several routes in the burst, on --url's origin (repeatable)
  --routes FILE           routes from a JSON file: [{"method","path","headers","body","weight"}]
  --slow-ms X             list the routes slower than X ms at p75 (default 100)
  --rate R                a fixed rate of R requests/s (open model); latencies then count from
                          when each request was due (corrected for coordinated omission)
  --load-threads N        threads sending the requests (default: 1 on a machine with 2 cores or
                          fewer, else up to half the cores, at most 4)
  --warmup SECONDS        load without profiling first (default 2; 0 to skip)
  --sampling-interval US  CPU sampling interval in microseconds (default 1000)
  --no-allocations        do not sample which functions allocate (V8's sampling heap profiler,
                          one sample per 512 KiB allocated: on by default)
  --find-growth           find what grows and what holds it: after the burst, under the same load,
                          two heap snapshots 3 s apart are compared. Each snapshot PAUSES the process
                          (for seconds on a big heap); the burst's own figures are not touched.
                          How long each will pause it and how much memory it needs is printed before
                          (from its heap in use and this computer's load): V8 cannot stop a snapshot
                          once begun. Not started when even the shortest pause expected is over 60 s
  --max-pause SECONDS     with --find-growth: the longest pause accepted instead of 60 s
  --long-pause-ok         with --find-growth: take the snapshots however long each would pause the server

Output:
  --per-route-cpu         profile each route in its own burst, one after another: requests/s,
                          p75, p99, CPU ms per request and top function per route
  --print-k6              print the same load as a k6 script (with the equivalent autocannon
                          command) and exit without loading: to run it distributed with k6
  --out FILE              write the CPU profile to FILE (.cpuprofile), or the whole recording to
                          FILE.flambe (load, target, profile: "flambe library import" reads it)
  --heap-out FILE         write the allocation profile to FILE (.heapprofile: DevTools' Memory tab opens it)
  --json                  print one JSON object on stdout instead of a summary
  --save                  keep the recording in the library (see "flambe library --help")
    --name N              its name (default "<METHOD path> · <date time>")
    --tag T               a tag (repeatable)
    --library PATH        the library file (default $FLAMBE_LIBRARY, else the platform's data folder)
`;
