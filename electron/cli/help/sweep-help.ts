// `flambe sweep --help`: only the text, so printing it loads nothing else (electron/cli/main.ts).
export const SWEEP_HELP = `Usage:
  flambe sweep (--launch SCRIPT [--node PATH] [--env K=V]... [-- ARGS...] | --attach HOST:PORT | --no-profile) --url URL
               [-c 1,5,8,20] [-d SECONDS] [--warmup SECONDS] [--profile-at N | --profile-every]
               [-m METHOD] [-H "K: V"]... [-b BODY] [--route "METHOD /path"]... [--routes FILE] [--slow-ms X] [--per-route-cpu]
               [--save [--name N] [--tag T]... [--library PATH]] [--json]

  --node PATH             the node program to launch the script with (default: the node your terminal runs)
  --env K=V               environment variable for the script (repeatable)
  -b, --body BODY         request body; -b @FILE sends the file's content (as curl -d @FILE)
  -c, --connections LIST  levels of connections, comma-separated (default 1,5,8,20)
  -d, --duration SECONDS  length of each level (default 5)
  --warmup SECONDS        load before the first level, not measured (default 2)
  --profile-at N          record a CPU profile at the level with N connections
  --profile-every         record a CPU profile at every level
  --load-threads N        threads sending the requests (default: 1 on 2 cores or fewer, else up to half the cores, at most 4)
  --route "METHOD /path"  one of several routes in each level's burst (repeatable): the table is then given per route too
  --slow-ms X             list the routes slower than X ms at p75, per level (default 100)
  --per-route-cpu         at each profiled level, also profile each route in its own burst: CPU ms per request per route
  --save                  keep the sweep in the library as one group: its levels (each a recording) and its knee

Prints, per level: requests/s and latency min/p50/p75/p90/p95/p99/max, errors and non-2xx,
then the knee: the last level after which throughput rose by less than 10 % while p95
latency grew faster than throughput, and by at least half as much as the connections,
and no later level served 10 % more (Little's law: the server is saturated; a few % of
noise, or one level that dipped, is no knee). Each level also reads the machine (Linux) by
the experiments' rule; when other processes took the cores at any level, no knee is named:
"The machine was busy, so Flambé cannot tell whether the server saturated: …".
With several routes: each level's table per route, the routes slower than X ms at p75 at each level, and
the level from which each stays slow ("POST /checkout passes 100 ms at p75 from 20 connections (140.5 ms)").
Profiled levels add the process over the level's burst — CPU %, event loop busy, heap used, external
and RSS as mean (min–max) — the profile's CPU ms per request, and whether memory grew (the sentence
of each level whose memory grew follows the table; under 4 s a level is too short to tell), and the log
lines and bytes the server wrote per request, per level and per route ("Log lines/req", "Log bytes/req";
"–" at the levels not profiled: the count runs over the inspector).
--json prints {"levels":[{"connections","requests","rps","latencyMs":{…},"errors","non2xx","profiled",
"process":{"cpuPercent":{"min","mean","max"},"elu","heapUsedMb","externalMb","rssMb","cpuMsPerRequest"}|null,
"memory":{"growth":{"heapUsedMbPerMin","externalMbPerMin","rssMbPerMin","grows","undecided","sentence"}|null}|null,
"output":{"lines","bytes","linesPerRequest","bytesPerRequest"}|null,
"routes":[the fields of record --json's routes, and cpuMsPerRequest, topFunction with --per-route-cpu,
logLinesPerRequest, logBytesPerRequest at a profiled level],
"slowRoutes":["METHOD /path"],"machine":{"cores","load1","othersCores","disturbed","reasons",…}|null}],
"slowMs","slowRoutes":[sentences],"knee":{"connections","reason"}|null,"sentence"}.
`;
