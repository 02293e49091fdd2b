// How a place in the code is named in a sentence: "server.js:41" — the file
// and line a student finds in their editor, without the machine's path.

/** "server.js:41" from a location that may be a long path or a file:// URL. */
export function shortPlace(location: string): string {
  const m = /([^/\\]+?)(:\d+)?(:\d+)?$/.exec(location);
  return m ? `${m[1]}${m[2] ?? ''}` : location;
}
