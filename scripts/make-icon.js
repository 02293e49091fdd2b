#!/usr/bin/env node
// Draws Flambé's app icon — three nested flames on a dark rounded square —
// and writes assets/icon.png (512×512, what electron-builder turns into
// .icns/.ico/Linux icons) and assets/icon.svg (the same shapes as vectors).
// No image library: the PNG is written by hand with node:zlib (deflate and
// CRC-32). Run `node scripts/make-icon.js` after changing the drawing.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SIZE = 512;
const SUPERSAMPLE = 4; // 4×4 samples per pixel: smooth edges

// ---------- the drawing, in unit coordinates (0..1, y down) ----------

const background = { inset: 0.04, radius: 0.2, top: [0x2b, 0x22, 0x3f], bottom: [0x15, 0x12, 0x1f] };

/** A flame: base at (cx, baseY), `height` tall, `halfWidth` at its widest, leaning by `sway`. */
const flames = [
  { cx: 0.5, baseY: 0.87, height: 0.72, halfWidth: 0.25, sway: 0.07, bottom: [0xd9, 0x2d, 0x20], top: [0xf5, 0x6a, 0x1f] },
  { cx: 0.5, baseY: 0.86, height: 0.55, halfWidth: 0.18, sway: -0.05, bottom: [0xf2, 0x6b, 0x1d], top: [0xfa, 0xa0, 0x27] },
  { cx: 0.5, baseY: 0.85, height: 0.34, halfWidth: 0.105, sway: 0.03, bottom: [0xff, 0xc9, 0x3c], top: [0xff, 0xf0, 0xa6] },
];

const ROUND_BOTTOM = 0.36; // share of the height that is the round belly

/** Half-width of a flame at height fraction t (0 = base, 1 = tip). */
function flameHalfWidth(t) {
  if (t < 0 || t > 1) return 0;
  if (t < ROUND_BOTTOM) {
    const k = (ROUND_BOTTOM - t) / ROUND_BOTTOM;
    return Math.sqrt(Math.max(0, 1 - k * k));
  }
  return ((1 - t) / (1 - ROUND_BOTTOM)) ** 1.5;
}

/** Sideways offset of the flame's axis at t: the tip leans, like a real flame. */
function flameAxis(flame, t) {
  return flame.cx + flame.sway * Math.sin(Math.PI * t * 0.9) * t;
}

/** t of (x, y) in `flame` if the point is inside it, else null. */
function insideFlame(flame, x, y) {
  const t = (flame.baseY - y) / flame.height;
  const halfWidth = flame.halfWidth * flameHalfWidth(t);
  return halfWidth > 0 && Math.abs(x - flameAxis(flame, t)) <= halfWidth ? t : null;
}

function insideRoundedSquare(x, y) {
  const { inset, radius } = background;
  const lo = inset + radius;
  const hi = 1 - inset - radius;
  const dx = Math.max(lo - x, 0, x - hi);
  const dy = Math.max(lo - y, 0, y - hi);
  return x >= inset && x <= 1 - inset && y >= inset && y <= 1 - inset && dx * dx + dy * dy <= radius * radius;
}

const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * Math.min(1, Math.max(0, t)));

/** Colour [r, g, b, a] of one sample point. */
function sample(x, y) {
  if (!insideRoundedSquare(x, y)) return [0, 0, 0, 0];
  let colour = mix(background.top, background.bottom, y);
  for (const flame of flames) {
    const t = insideFlame(flame, x, y);
    if (t !== null) colour = mix(flame.bottom, flame.top, t);
  }
  return [...colour, 255];
}

// ---------- raster → PNG ----------

function renderRgba(size) {
  const pixels = Buffer.alloc(size * size * 4);
  const n = SUPERSAMPLE * SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      // Premultiplied average, so transparent samples do not darken the edges.
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const [cr, cg, cb, ca] = sample((px + (sx + 0.5) / SUPERSAMPLE) / size, (py + (sy + 0.5) / SUPERSAMPLE) / size);
          r += cr * ca; g += cg * ca; b += cb * ca; a += ca;
        }
      }
      const o = (py * size + px) * 4;
      pixels[o] = a ? Math.round(r / a) : 0;
      pixels[o + 1] = a ? Math.round(g / a) : 0;
      pixels[o + 2] = a ? Math.round(b / a) : 0;
      pixels[o + 3] = Math.round(a / n);
    }
  }
  return pixels;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG (RGBA, 8 bits per channel, no filtering) as in the spec: https://www.w3.org/TR/png-3/ */
export function encodePng(rgba, width, height) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type: RGBA
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride); // filter byte 0 = None
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------- the same shapes as SVG ----------

const hex = (rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const px = (v) => +(v * SIZE).toFixed(1);

function flameOutline(flame, steps = 96) {
  const right = [];
  const left = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const y = flame.baseY - t * flame.height;
    const w = flame.halfWidth * flameHalfWidth(t);
    right.push(`${px(flameAxis(flame, t) + w)},${px(y)}`);
    left.unshift(`${px(flameAxis(flame, t) - w)},${px(y)}`);
  }
  return `M${[...right, ...left].join(' L')} Z`;
}

function svg() {
  const { inset, radius } = background;
  const gradients = flames.map((f, i) =>
    `<linearGradient id="f${i}" x1="0" y1="${px(f.baseY)}" x2="0" y2="${px(f.baseY - f.height)}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${hex(f.bottom)}"/><stop offset="1" stop-color="${hex(f.top)}"/></linearGradient>`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">`,
    '<title>Flambé</title>',
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(background.top)}"/><stop offset="1" stop-color="${hex(background.bottom)}"/></linearGradient>`,
    ...gradients,
    '</defs>',
    `<rect x="${px(inset)}" y="${px(inset)}" width="${px(1 - 2 * inset)}" height="${px(1 - 2 * inset)}" rx="${px(radius)}" fill="url(#bg)"/>`,
    ...flames.map((f, i) => `<path d="${flameOutline(f)}" fill="url(#f${i})"/>`),
    '</svg>',
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'assets', 'icon.png'), encodePng(renderRgba(SIZE), SIZE, SIZE));
  writeFileSync(path.join(root, 'assets', 'icon.svg'), svg());
  console.log('wrote assets/icon.png and assets/icon.svg');
}
