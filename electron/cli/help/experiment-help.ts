// `flambe experiment --help`: only the text, so printing it loads nothing else (electron/cli/main.ts).
export const EXPERIMENT_HELP = `Usage:
  flambe experiment (--launch SCRIPT [--cwd DIR] [--env K=V]... [-- ARGS...] | --demo)
                    --url URL [-c N] [-d SECONDS] [--warmup SECONDS] [--rounds N] [--until PCT [--budget SECONDS]] [--no-profile]
                    (--a-env K=V... --b-env K=V... | --a-script FILE --b-script FILE
                     | --a-url URL --b-url URL | --a-arg A... --b-arg B...)
                    [--a-name N] [--b-name N] [--save] [--library PATH] [--json] [--fail-if-slower PCT]

Runs A and B in back-to-back pairs (A B, B A, A B … or B A, A B, …: a coin
decides the first), restarting the target for each round when their
environment, arguments or script differ, and tells a real difference from noise
with a 95% interval over the pairs (what the machine does meanwhile hits both
rounds of a pair alike).

Target (one of):
  --launch SCRIPT         the server script (started with node --inspect for each variant)
    --cwd DIR             its working directory
    --env K=V             environment for both variants (repeatable)
    -- ARGS...            arguments for both variants
  --demo                  Flambé's demo server (routes /hello /log /json /crypto /regex)

What differs (one kind):
  --a-env K=V, --b-env K=V       environment of A and of B (repeatable)
  --a-script FILE, --b-script FILE  the script itself (before.js vs after.js)
  --a-url URL, --b-url URL       the URL (or path, like /log) each variant loads
  --a-arg A, --b-arg B           extra script arguments of A and of B (repeatable)
  --a-name N, --b-name N         names for A and B (default: what differs)

Rounds and load:
  --url URL               the URL to load; a path alone (/hello) uses the port the script opens
  --load-threads N        threads sending each round's requests (default: 1 on 2 cores or fewer)
  --rounds N              rounds of each variant, run in back-to-back pairs (default 5)
  --until PCT             then add pairs until the headline interval is within ± PCT % (rounds until it knows)
    --budget SECONDS      but stop adding pairs after this long (default 600); the answer says which ended it
  -c, --connections N     concurrent connections (default 10)
  -d, --duration SECONDS  length of each round's burst (default 10)
  --warmup SECONDS        load without measuring before each round (default 2)
  --no-profile            measure the load only (no CPU profile)
  --output-file           write the script's output to a file Flambé tails (synchronous, like a terminal;
                          default for --demo and for logging switches)
  --output-pipe           write it to a pipe (asynchronous: console.log looks cheaper than in a terminal)

Output:
  --json                  one JSON object on stdout: the shape of "flambe compare --json" plus "rounds",
                          "process" (each variant's CPU %, event loop, heap, external, RSS: min/mean/max
                          over its rounds) and "memory" (each round's growth verdict)
  --save                  keep the rounds and the result in the library
    --library PATH        the library file (default $FLAMBE_LIBRARY, else the platform's data folder)
  --fail-if-slower PCT    exit 3 when B is significantly slower than A by more than PCT %
                          (requests/s lower, or p99 higher) — a CI gate that does not fire on noise
`;
