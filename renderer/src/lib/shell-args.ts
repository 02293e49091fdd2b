// Splits one "arguments" text field into argv the way a POSIX shell would,
// without running a shell: whitespace separates words, '…' keeps everything
// literally, "…" keeps spaces and honours \" \\ \$ \`, a backslash outside
// quotes escapes the next character. No globbing, no variables.

export class ArgumentsError extends Error {}

export function splitArgs(text: string): string[] {
  const args: string[] = [];
  let word = '';
  let inWord = false; // distinguishes '' (an empty argument) from no argument
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      if (end === -1) throw new ArgumentsError("The arguments have a ' quote that is never closed.");
      word += text.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (ch === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new ArgumentsError('The arguments have a " quote that is never closed.');
        const c = text[i];
        if (c === '"') break;
        if (c === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1])) {
          word += text[i + 1];
          i += 2;
        } else {
          word += c;
          i++;
        }
      }
      inWord = true;
      i++;
    } else if (ch === '\\') {
      if (i + 1 < text.length) {
        // A backslash-newline is a line continuation, as in a shell.
        if (text[i + 1] !== '\n') word += text[i + 1];
        inWord = inWord || text[i + 1] !== '\n';
      }
      i += 2;
    } else if (/\s/.test(ch)) {
      if (inWord) args.push(word);
      word = '';
      inWord = false;
      i++;
    } else {
      word += ch;
      inWord = true;
      i++;
    }
  }
  if (inWord) args.push(word);
  return args;
}
