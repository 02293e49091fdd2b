// Which Node a launched script will run on, in one line under the script
// (issue 38): `npm start` puts Flambé's own Node first on PATH, so "node from
// PATH" is not the one the user's terminal runs; a launch runs the terminal's.
// The line names the program and its version, says when it is Flambé's own,
// and offers the other.
import type { ApiResults, NodeProgram } from '../../../shared/api.ts';

export type NodePrograms = ApiResults['findNodePrograms'];

const FROM: Record<NodeProgram['from'], string> = {
  'login-shell': 'your terminal’s PATH', nvm: 'nvm', volta: 'Volta', fnm: 'fnm', homebrew: 'Homebrew', path: 'Flambé’s PATH',
};

export function nodeLabel(p: NodeProgram): string {
  return `${p.version} · ${p.flambes ? 'Flambé’s own Node' : `from ${FROM[p.from]}`}`;
}

/** What the line offers: another Node found, and the button's words. */
export interface NodeOffer { program: NodeProgram; label: string }

/**
 * The sentence, and another Node to offer. Not chosen, a launch runs the terminal's Node (found.runs: the
 * service's default, electron/services/targets/node-programs.ts); Flambé's own is offered beside it (it strips
 * TypeScript types), and when the default is Flambé's own (FLAMBE_TARGET_NODE, or no other found) the
 * terminal's is offered.
 */
export function nodeLine(found: NodePrograms | null, chosen: string): { text: string; offer: NodeOffer | null } {
  const typed = chosen.trim();
  if (typed) {
    const p = found?.programs.find((x) => x.path === typed || x.realPath === typed);
    return { text: p ? `Runs on ${typed} (${p.version}).` : `Runs on ${typed}.`, offer: null };
  }
  if (!found) return { text: 'Looking for Node.js on this computer…', offer: null };
  const run = found.runs;
  if (!run) {
    return found.programs.length
      ? { text: 'The default Node could not be run: choose one of those found below.', offer: { program: found.programs[0], label: `Use ${found.programs[0].version}` } }
      : { text: 'No Node.js was found on this computer: install it, or give the full path to node below.', offer: null };
  }
  const yours = found.yours;
  if (run.flambes) {
    const terminal = yours && yours.realPath !== run.realPath ? yours : null;
    return terminal
      ? { text: `Runs on Flambé’s own Node ${run.version} (${run.path}), not your terminal’s ${terminal.version} (${terminal.path}).`, offer: { program: terminal, label: 'Use your terminal’s' } }
      : { text: `Runs on ${run.path} (${run.version}), Flambé’s own Node.`, offer: null };
  }
  const own = found.programs.find((p) => p.flambes && p.realPath !== run.realPath);
  return {
    text: `Runs on Node ${run.version} (${run.path}), from ${FROM[run.from]}.`,
    offer: own ? { program: own, label: `Use Flambé’s own Node ${own.version}` } : null,
  };
}
