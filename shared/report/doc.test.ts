import { describe, expect, it } from 'vitest';
import { toHtml, toMarkdown, type ReportDoc } from './doc.ts';
import { verdictItems } from './build-report.ts';
import { flameSvg } from './svg.ts';

const doc: ReportDoc = {
  title: 'Checkout <team>',
  blocks: [
    { kind: 'p', text: 'POST /checkout passes 100 ms at p75 from 20 connections (140.5 ms).' },
    { kind: 'table', table: { head: ['Connections', 'Route', 'p75 ms'], rows: [['20', 'GET /a|b', '140.500']], textColumns: [1] } },
    { kind: 'image', image: { file: 'sweep.svg', alt: 'A chart', svg: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>' } },
  ],
};

describe('a report written out', () => {
  it('as Markdown: the table aligned (text left, numbers right), a pipe escaped, the image a file beside it', () => {
    const { markdown, images } = toMarkdown(doc);
    expect(markdown).toBe([
      '# Checkout <team>', '',
      'POST /checkout passes 100 ms at p75 from 20 connections (140.5 ms).', '',
      '| Connections | Route | p75 ms |', '| ---: | --- | ---: |', '| 20 | GET /a\\|b | 140.500 |', '',
      '![A chart](sweep.svg)', '',
    ].join('\n'));
    expect(images.map((i) => i.file)).toEqual(['sweep.svg']);
  });

  it('as HTML: escaped text, the chart inline, nothing loaded from outside', () => {
    const html = toHtml(doc);
    expect(html).toContain('<h1>Checkout &lt;team&gt;</h1>');
    expect(html).toContain('<figure><svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg><figcaption>A chart</figcaption></figure>');
    expect(html).not.toMatch(/<script|<link|src=/);
  });
});

describe('the verdict as list items', () => {
  it('keeps a finding and its "What to do" together, and drops the bullets', () => {
    expect(verdictItems(['CPU was only 8% of a core.', '', '  1. Logging takes 9% of the time.', '     What to do: log less.', '  • The event loop was busy 64% of the time.']))
      .toEqual(['CPU was only 8% of a core.', '1. Logging takes 9% of the time. What to do: log less.', 'The event loop was busy 64% of the time.']);
  });
});

describe('the flamegraph of the busy time', () => {
  it('leaves (idle) out and names each frame wide enough', () => {
    const leaf = (name: string, value: number) => ({ name, value, selfMs: value, location: 'app.js:1', frame: 1, children: [] });
    const root = { name: '(root)', value: 1000, selfMs: 0, location: '', frame: 0, children: [leaf('(idle)', 900), { ...leaf('handle', 100), selfMs: 20, children: [leaf('burn', 80)] }] };
    const svg = flameSvg(root, 'demo');
    expect(svg).toContain('busy time: 100 ms (idle left out)');
    expect(svg).toContain('>handle<');
    expect(svg).toContain('>burn<');
    expect(svg).not.toContain('(idle)<');
  });
});
