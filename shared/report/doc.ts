// A report as blocks (headings, paragraphs, tables, images), written out as
// Markdown for a wiki or a pull request (images as files beside it) or as one
// self-contained HTML file (images inline). The builders (sweep, experiment,
// recording, compare) say what is in it; this says how it is written.
export interface ReportTable {
  head: string[];
  rows: string[][];
  /** Columns whose cells are text (left-aligned); the others are numbers. */
  textColumns?: number[];
}

export interface ReportImage {
  /** File name beside the Markdown ("sweep.svg"). */
  file: string;
  alt: string;
  svg: string;
}

export type ReportBlock =
  | { kind: 'h2'; text: string }
  | { kind: 'p'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; table: ReportTable }
  | { kind: 'image'; image: ReportImage };

export interface ReportDoc {
  title: string;
  blocks: ReportBlock[];
}

/** A table cell in Markdown: pipes escaped, no line breaks. */
const mdCell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function toMarkdown(doc: ReportDoc): { markdown: string; images: ReportImage[] } {
  const out: string[] = [`# ${doc.title}`, ''];
  const images: ReportImage[] = [];
  for (const b of doc.blocks) {
    switch (b.kind) {
      case 'h2': out.push(`## ${b.text}`, ''); break;
      case 'p': out.push(b.text, ''); break;
      case 'list': out.push(...b.items.map((i) => `- ${i}`), ''); break;
      case 'table': {
        const t = b.table;
        const text = new Set(t.textColumns ?? [0]);
        out.push(`| ${t.head.map(mdCell).join(' | ')} |`, `|${t.head.map((_, c) => (text.has(c) ? ' --- ' : ' ---: ')).join('|')}|`,
          ...t.rows.map((r) => `| ${r.map(mdCell).join(' | ')} |`), '');
        break;
      }
      case 'image': images.push(b.image); out.push(`![${b.image.alt}](${b.image.file})`, ''); break;
    }
  }
  return { markdown: out.join('\n'), images };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One HTML file: no script, no outside resource; the images are inline SVG. */
export function toHtml(doc: ReportDoc): string {
  const body: string[] = [`<h1>${esc(doc.title)}</h1>`];
  for (const b of doc.blocks) {
    switch (b.kind) {
      case 'h2': body.push(`<h2>${esc(b.text)}</h2>`); break;
      case 'p': body.push(`<p>${esc(b.text)}</p>`); break;
      case 'list': body.push(`<ul>${b.items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`); break;
      case 'table': {
        const text = new Set(b.table.textColumns ?? [0]);
        const cell = (tag: string, s: string, c: number) => `<${tag}${text.has(c) ? ' class="text"' : ''}>${esc(s)}</${tag}>`;
        body.push(`<table><thead><tr>${b.table.head.map((h, c) => cell('th', h, c)).join('')}</tr></thead><tbody>${
          b.table.rows.map((r) => `<tr>${r.map((s, c) => cell('td', s, c)).join('')}</tr>`).join('')}</tbody></table>`);
        break;
      }
      case 'image': body.push(`<figure>${b.image.svg}<figcaption>${esc(b.image.alt)}</figcaption></figure>`); break;
    }
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${esc(doc.title)}</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; max-width: 1100px; margin: 2rem auto; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; font-variant-numeric: tabular-nums; }
th, td { border-bottom: 1px solid #ddd; padding: 0.2rem 0.6rem; text-align: right; white-space: nowrap; }
th.text, td.text { text-align: left; }
figure { margin: 0.5rem 0 1rem; } figcaption { color: #666; font-size: 12px; }
svg { max-width: 100%; height: auto; }
</style></head>
<body>
${body.join('\n')}
</body></html>
`;
}
