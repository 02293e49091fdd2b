// A report's charts as PNG files beside its Markdown: the SVG the report
// draws (shared/report/svg.ts), rasterised by resvg — an SVG renderer with
// prebuilt Node binaries for every desktop platform (no browser, no native
// build) — with the system's fonts, at twice the size for sharp text.
import { createRequire } from 'node:module';

type Resvg = new (svg: string, options: object) => { render(): { asPng(): Buffer } };

const require = createRequire(import.meta.url);
// The sans-serif family each desktop has (resvg's own default, Arial, is missing on most Linux).
const SANS = process.platform === 'darwin' ? 'Helvetica' : process.platform === 'win32' ? 'Arial' : 'DejaVu Sans';

/** The PNG of an SVG, or the sentence saying why there is none (no resvg binary for this platform). */
export function svgToPng(svg: string, scale = 2): { png: Buffer } | { why: string } {
  let Renderer: Resvg;
  try {
    Renderer = (require('@resvg/resvg-js') as { Resvg: Resvg }).Resvg;
  } catch (e) {
    return { why: `the PNG renderer (@resvg/resvg-js) has no build for this platform (${process.platform}-${process.arch}): ${e instanceof Error ? e.message.split('\n')[0] : String(e)}` };
  }
  const png = new Renderer(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background: '#ffffff',
    font: { loadSystemFonts: true, defaultFontFamily: SANS, sansSerifFamily: SANS },
  }).render().asPng();
  return { png };
}
