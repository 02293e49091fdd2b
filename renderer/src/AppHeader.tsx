// The top bar: the brand and one button per screen, with the keyboard
// shortcuts of Record and Library shown (and announced) beside them.
import type { Screen } from './screens.ts';
import { isMac } from './useScreenShortcuts.ts';

const MOD = isMac ? '⌘' : 'Ctrl+';

interface Props {
  screen: Screen;
  go(screen: Screen): void;
  /** The recording open last, if any: its name titles the Result button. */
  shownName: string | null;
  hasExperiment: boolean;
  hasSweep: boolean;
}

export function AppHeader({ screen, go, shownName, hasExperiment, hasSweep }: Props) {
  const navButton = (key: Screen, label: string, testId: string, keys?: string, title?: string) => (
    <button
      type="button"
      className="nav-item"
      data-testid={testId}
      aria-current={screen === key ? 'page' : undefined}
      aria-keyshortcuts={keys ? `${isMac ? 'Meta' : 'Control'}+${keys}` : undefined}
      title={title}
      onClick={() => go(key)}
    >
      <span className="nav-label">{label}</span>
      {keys && <kbd>{MOD}{keys}</kbd>}
    </button>
  );
  return (
    <header className="app-header">
      <svg className="brand" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M12 2c1 3.5-1.5 5.5-3 7.5C7.6 11.4 7 13 7 14.8A5 5 0 0 0 12 20a5 5 0 0 0 5-5.2c0-2.6-1.6-4.4-2.6-5.6.1 1.7-.6 2.9-1.6 3.4.4-3.9-1-7.6-.8-10.6Z" fill="currentColor" />
      </svg>
      <span className="brand-name">Flambé</span>
      <nav className="app-nav" aria-label="Screens">
        {navButton('record', 'Record', 'nav-record', '1')}
        {navButton('library', 'Library', 'nav-library', '2')}
        {shownName !== null && navButton('result', 'Result', 'nav-result', undefined, `The recording open last: ${shownName}`)}
        {navButton('compare', 'Compare', 'nav-compare', undefined, 'Compare two recordings: pick them in the Library, or drop two files here')}
        {hasExperiment && navButton('experiment', 'Experiment', 'nav-experiment')}
        {hasSweep && navButton('sweep', 'Sweep', 'nav-sweep')}
      </nav>
      <span className="brand-tagline">record a Node.js server under load, see where its time goes</span>
    </header>
  );
}
