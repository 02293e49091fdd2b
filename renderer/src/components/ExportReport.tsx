// "Export report": the same report `flambe report` writes (shared/report), as
// one self-contained HTML file (charts inline), or copied as Markdown to paste
// into a wiki or a pull request (its tables; the charts are files only the
// CLI writes beside it: `flambe report … --out FILE`).
import { useState } from 'react';
import { toHtml, toMarkdown, type ReportDoc } from '../../../shared/report/doc.ts';
import { downloadText } from '../lib/download.ts';
import { maskSecrets } from '../../../shared/recording/secrets.ts';
import { errorMessage } from '../client/types.ts';

const safe = (s: string) => s.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'report';

/** `secretsFrom`: what the report is made of (recordings, an experiment): a secret found there is masked wherever it stands in the report. */
export function ExportReport({ build, secretsFrom, testId = 'export-report' }: { build(): Promise<ReportDoc> | ReportDoc; secretsFrom?: () => unknown; testId?: string }) {
  const [note, setNote] = useState<string | null>(null);
  const run = async (how: 'html' | 'md') => {
    try {
      // A report is made to be shared: the one masking rule, as `flambe report` applies it (shared/recording/secrets.ts).
      const doc = maskSecrets(await build(), { alsoFrom: secretsFrom?.() }).value;
      if (how === 'html') {
        downloadText(`${safe(doc.title)}.html`, toHtml(doc), 'text/html');
        setNote(null);
        return;
      }
      const { markdown, images } = toMarkdown(doc);
      const text = images.reduce((md, i) => md.replace(`![${i.alt}](${i.file})`, `_(${i.alt}: chart written by \`flambe report … --out FILE\`, or in the HTML export)_`), markdown);
      await navigator.clipboard.writeText(text);
      setNote('Copied as Markdown.');
    } catch (e) {
      setNote(`Could not export the report: ${errorMessage(e)}`);
    }
  };
  return (
    <span className="export-report" data-testid={testId}>
      <button type="button" className="button small" data-testid={`${testId}-html`} onClick={() => void run('html')}>Export report (HTML)</button>{' '}
      <button type="button" className="button small ghost" data-testid={`${testId}-md`} onClick={() => void run('md')}>Copy report as Markdown</button>
      {note && <span className="hint inline" role="status"> {note}</span>}
    </span>
  );
}
