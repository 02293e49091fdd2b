// `flambe overhead --help`: only the text, so printing it loads nothing else (electron/cli/main.ts).
export const OVERHEAD_HELP = `Usage:
  flambe overhead (--launch SCRIPT [--node PATH] [--env K=V]... [-- ARGS...] | --attach HOST:PORT) --url URL
                  [-m METHOD] [-H "K: V"]... [-b BODY] [-c N] [-d SECONDS] [--rounds R] [--sampling-interval US[,US...]] [--warmup SECONDS] [--json]

  --node PATH             the node program to launch the script with (default: the node your terminal runs)
  --env K=V               environment variable for the script (repeatable)
  -b, --body BODY         request body; -b @FILE sends the file's content (as curl -d @FILE)
  -c, --connections N     concurrent connections (default 10)
  -d, --duration SECONDS  length of each burst (default 3)
  --rounds R              rounds, each one burst with and one without the profiler, in
                          alternating order (default 4)
  --sampling-interval US  the profiler's sampling interval in microseconds (default 1000); several,
                          like 1000,100, are measured one after the other, each in its own rounds
  --allocations           measure the allocation sampler instead (V8's sampling heap profiler,
                          one sample per 512 KiB allocated, as flambe record runs it)
  --request-time          measure the request collector instead: request timing on against off
                          (what --no-request-time saves flambe record; measured on a busy 2-core machine:
                          +0.04 ms of CPU per request on a hello-world route, +2–3 ms on an Express route
                          making 16 PostgreSQL queries)
  --load-threads N        threads sending the requests (default: 1 on 2 cores or fewer)

Requests/s are compared pair by pair (each round's two bursts ran back to back: a paired t on the
logarithms, as experiments do), so what the machine did meanwhile cancels out.
The target's CPU time per request is compared the same way (a busy machine moves it less than requests/s).
--json prints {"rounds","samplingIntervalUs","withoutProfiler":{"rps","p99Ms","cpuMsPerRequest"},"withProfiler":{…},
"rpsCostPercent","ci95":[lo,hi],"p99CostPercent","cpuCostPercent","cpuCi95":[lo,hi]}; with several intervals
{"intervals":[that object, …]}.
`;
