/**
 * Draws the site's icons into public/ from the estate's mark (the vine leaf of components/wordmark.tsx,
 * filled, so that it still reads at 16 pixels): favicon.svg, favicon.png (96 px), favicon.ico (16,
 * 32 and 48 px, PNG inside) and apple-touch-icon.png (180 px, square: the phone rounds it). The
 * PNGs are rendered by a headless Chromium (playwright-core is already a dev dependency). Run it
 * again only when the mark changes: `node apps/web/scripts/favicon.mjs` (CHROMIUM_PATH to override).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const BURGUNDY = '#5b1a28';
const GOLD_LIGHT = '#d9c28f';
// The wordmark's leaf (a 32×40 box) and its veins.
const LEAF = 'M16 3c6 6 10 12 10 19 0 7-4.5 12-10 15C10.5 34 6 29 6 22 6 15 10 9 16 3Z';
const VEINS = 'M16 9v26M16 17l-5-4M16 17l5-4M16 25l-6-5M16 25l6-5M16 31l-4-3M16 31l4-3';

/** The mark on burgundy: rounded for browser tabs, square for a phone's home screen. */
function icon({ rounded, scale }) {
  const corner = rounded ? ' rx="14"' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64"${corner} fill="${BURGUNDY}"/>
  <g transform="translate(32 32) scale(${scale}) translate(-16 -20)">
    <path d="${LEAF}" fill="${GOLD_LIGHT}"/>
    <path d="${VEINS}" fill="none" stroke="${BURGUNDY}" stroke-width="1.5" stroke-linecap="round"/>
  </g>
</svg>
`;
}

const tabIcon = icon({ rounded: true, scale: 1.42 });
const touchIcon = icon({ rounded: false, scale: 1.15 });
writeFileSync(join(publicDir, 'favicon.svg'), tabIcon);

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});

async function png(svg, size) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  await page.setContent(`<html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`);
  await page.locator('img').evaluate((img) => img.decode());
  const buffer = await page.screenshot({ omitBackground: true });
  await page.close();
  return buffer;
}

/** An ICO file holding PNG images (read by every browser since Internet Explorer 9). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

try {
  writeFileSync(join(publicDir, 'favicon.png'), await png(tabIcon, 96));
  writeFileSync(join(publicDir, 'apple-touch-icon.png'), await png(touchIcon, 180));
  const sizes = [16, 32, 48];
  writeFileSync(join(publicDir, 'favicon.ico'), ico(await Promise.all(sizes.map(async (size) => ({ size, data: await png(tabIcon, size) })))));
  console.log('favicon: favicon.svg, favicon.png, favicon.ico, apple-touch-icon.png written to public/');
} finally {
  await browser.close();
}
