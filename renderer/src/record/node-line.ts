// Which Node a launched script will run on, in one line under the script
// (issue 38): `npm start` puts Flambé's own Node first on PATH, so "node from
// PATH" is not the one the user's terminal runs. The line names the program
// and its version, says when it is Flambé's own, and offers the user's.
import type { ApiResults, NodeProgram } from '../../../shared/api.ts';

export type NodePrograms = ApiResults['findNodePrograms'];

const FROM: Record<NodeProgram['from'], string> = {
  'login-shell': 'your terminal’s PATH', nvm: 'nvm', volta: 'Volta', fnm: 'fnm', homebrew: 'Homebrew', path: 'Flambé’s PATH',
};

export function nodeLabel(p: NodeProgram): string {
  return `${p.version} · ${p.flambes ? 'Flambé’s own Node' : `from ${FROM[p.from]}`}`;
}

/** The sentence, and the user's own Node to offer when the launch would run another. */
export function nodeLine(found: NodePrograms | null, chosen: string): { text: string; offer: NodeProgram | null } {
  const typed = chosen.trim();
  if (typed) {
    const p = found?.programs.find((x) => x.path === typed || x.realPath === typed);
    return { text: p ? `Runs on ${typed} (${p.version}).` : `Runs on ${typed}.`, offer: null };
  }
  if (!found) return { text: 'Looking for Node.js on this computer…', offer: null };
  const run = found.onPath;
  if (!run) {
    return found.yours
      ? { text: `No node is on Flambé’s PATH: choose one, like your terminal’s ${found.yours.path} (${found.yours.version}).`, offer: found.yours }
      : { text: 'No Node.js was found on this computer: install it, or give the full path to node below.', offer: null };
  }
  const yours = found.yours;
  if (run.flambes && yours && yours.realPath !== run.realPath) {
    return {
      text: `Runs on Flambé’s own Node ${run.version} (${run.path}), not your terminal’s ${yours.version} (${yours.path}).`,
      offer: yours,
    };
  }
  return { text: `Runs on ${run.path} (${run.version})${run.flambes ? ', Flambé’s own Node' : ''}.`, offer: null };
}
