// "When one machine is not enough": the same load as a k6 script (to run it
// distributed) and the equivalent autocannon command.
import type { LoadSettingsResolved } from '../../../shared/api.ts';
import { autocannonCommand, k6Script } from '../../../shared/load/export-load.ts';
import { downloadText } from '../lib/download.ts';

export function ExportLoad({ load, name }: { load: LoadSettingsResolved; name: string }) {
  const ac = autocannonCommand(load);
  const file = `${name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'load'}.k6.js`;
  return (
    <details className="more export-load">
      <summary>Run this load elsewhere (k6, autocannon)</summary>
      <p className="hint">One machine not enough? Run the same load distributed with k6 (k6-operator, k6 cloud).</p>
      <button type="button" className="button" data-testid="export-k6" onClick={() => downloadText(file, k6Script(load))}>Export as k6 script</button>
      <p className="muted">The same load with autocannon:</p>
      {ac.command && <pre className="command" data-testid="autocannon-command"><code>{ac.command}</code></pre>}
      {ac.note && <p className="hint">{ac.note}</p>}
    </details>
  );
}
