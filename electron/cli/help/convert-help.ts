// `flambe convert --help`: only the text, so printing it loads nothing else (electron/cli/main.ts).
export const CONVERT_HELP = `Usage:
  flambe convert FILE --to cpuprofile|trace|pprof|collapsed|speedscope --out OUT [--thread N]

Reads a CPU profile (.cpuprofile, legacy or current; Chrome DevTools trace;
pprof; any of them gzipped) and writes it as:
  cpuprofile   V8's .cpuprofile: opens in Chrome DevTools, VS Code, speedscope
               (worker threads ride in Flambé's flambeThreads field: other
               tools show the main thread, Flambé every thread)
  trace        Chrome trace JSON with one CPU profile per thread: DevTools'
               Performance panel, speedscope and Perfetto show every thread
  pprof        gzipped protobuf (.pb.gz) with wall-time samples, each labelled
               with its thread: opens in go tool pprof (-tagfocus thread=…),
               pushes to Grafana Pyroscope
  collapsed    collapsed stacks for flamegraph.pl (values in microseconds; one thread)
  speedscope   speedscope's JSON format (https://www.speedscope.app; one thread)

Options:
  --to FORMAT   the format to write (required)
  --out OUT     the file to write (required)
  --thread N    only thread N (0 = the main thread; the threads are listed
                when there are several). Default: every thread (collapsed and
                speedscope: the main thread)
  -h, --help    show this help
`;
