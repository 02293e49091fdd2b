// `--no-load` / "I will send the load myself": the progress message the recorder
// sends when the user should start their own load. The CLI watches for it to
// print its cue (on stderr, also with --json): one string, two sides.
export const OWN_LOAD_READY = 'Recording your load: send it now';
