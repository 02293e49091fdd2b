// The two sentences every transport says the same way (the browser-mode
// server, the Electron main process and its preload, the service host and the
// dispatcher): a method the contract does not have, and our own bug. Built
// once here; free of dependencies, so the sandboxed preload can import it.

/** A call of a method the contract does not have (the name cut short: it came from outside). */
export function noSuchMethodSentence(method: unknown): string {
  return `There is no API method "${String(method).slice(0, 80)}".`;
}

/** Something failed that is Flambé's fault, not the user's: said as such, with what failed. */
export function internalErrorSentence(e: unknown): string {
  return `Something went wrong inside Flambé: ${e instanceof Error ? e.message : String(e)}`;
}
