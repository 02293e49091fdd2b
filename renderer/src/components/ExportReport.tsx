// "Export report": the same report `flambe report` writes (shared/report), as
// one self-contained HTML file (charts inline), or copied as Markdown to paste
// into a wiki or a pull request (its tables; the charts are files only the
// CLI writes beside it: `flambe report … --out FILE`).
import { useState } from 'react';
import { toHtml, toMarkdown, type ReportDoc } from '../../../shared/report/doc.ts';
import { downloadText } from '../lib/download.ts';
import { errorMessage } from '../client/types.ts';

const safe = (s: string) => s.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'report';

export function ExportReport({ build, testId = 'export-report' }: { build(): Promise<ReportDoc> | ReportDoc; testId?: string }) {
  const [note, setNote] = useState<string | null>(null);
  const run = async (how: 'html' | 'md') => {
    try {
      const doc = await build();
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
