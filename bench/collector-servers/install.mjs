// Runs the request collector in this server when the bench asks (FLAMBE_COLLECTOR_JS: the script Flambé sends
// over the inspector, the same source) and takes its records every second, as a recording does (recorder.ts's
// DRAIN_EVERY_MS): the cost measured is the collector's and its hand-over's, never the inspector's.
const source = process.env.FLAMBE_COLLECTOR_JS;
if (source) {
  const installed = JSON.parse((0, eval)(source));
  if (!installed.ok) throw new Error(`the collector did not install: ${installed.why}`);
  const collector = globalThis[Symbol.for('flambe.requestTime')];
  let bytes = 0;
  // The batch is only measured here, never parsed: Flambé parses it in its own process, not in the target.
  setInterval(() => { bytes += collector.take().length; }, Number(process.env.FLAMBE_DRAIN_EVERY_MS ?? 1000)).unref();
  // What the hand-over carried, asked for by the bench on SIGUSR2 (on stderr).
  process.on('SIGUSR2', () => process.stderr.write(`collected ${JSON.stringify({ bytes, requests: collector.seen() })}\n`));
}
