/**
 * Draws public/og-image.png, the 1200×630 card shown when a page is shared, with the site's own
 * fonts in a headless Chromium (playwright-core is already a dev dependency). Run it again only
 * when the artwork changes: `node apps/web/scripts/og-image.mjs` (CHROMIUM_PATH to override).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const output = join(here, '..', 'public', 'og-image.png');
// Embedded as data URLs: a page opened with setContent may not read file:// URLs.
const font = (pkg, file) =>
  `data:font/woff2;base64,${readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), 'files', file)).toString('base64')}`;

/** Rows of vines running down the near slope, drawn as gently curving lines. */
const rows = Array.from({ length: 40 }, (_, index) => {
  const x = -60 + index * 34;
  return `M${x} 548 Q${x + 40} 590 ${x + 110} 640`;
}).join(' ');

const html = `<!doctype html><html><head><style>
@font-face { font-family: 'Cormorant'; font-weight: 500; src: url(${font('@fontsource/cormorant-garamond', 'cormorant-garamond-latin-500-normal.woff2')}); }
@font-face { font-family: 'Cormorant'; font-weight: 600; src: url(${font('@fontsource/cormorant-garamond', 'cormorant-garamond-latin-600-normal.woff2')}); }
@font-face { font-family: 'Cormorant'; font-weight: 500; font-style: italic; src: url(${font('@fontsource/cormorant-garamond', 'cormorant-garamond-latin-500-italic.woff2')}); }
@font-face { font-family: 'Jost'; font-weight: 500; src: url(${font('@fontsource/jost', 'jost-latin-500-normal.woff2')}); }
html, body { margin: 0; width: 1200px; height: 630px; overflow: hidden; }
body { position: relative; background: linear-gradient(180deg, #120f1f 0%, #2c1830 45%, #5b1a28 78%, #9a4a36 100%); color: #f6f1e7; font-family: 'Cormorant', serif; }
svg.land { position: absolute; inset: 0; }
.frame { position: absolute; inset: 28px; border: 1px solid rgb(217 194 143 / 0.6); }
.frame::after { content: ''; position: absolute; inset: 6px; border: 1px solid rgb(217 194 143 / 0.3); }
.text { position: absolute; top: 104px; left: 0; right: 0; text-align: center; }
.eyebrow { font-family: 'Jost', sans-serif; font-weight: 500; font-size: 22px; letter-spacing: 0.42em; color: #d9c28f; margin: 0 0 26px; }
.name { font-weight: 600; font-size: 112px; letter-spacing: 0.26em; margin: 0 -0.26em 0 0; line-height: 1; }
.suffix { font-family: 'Jost', sans-serif; font-weight: 500; font-size: 22px; letter-spacing: 0.7em; margin: 18px -0.7em 0 0; }
.rule { width: 120px; height: 1px; background: #d9c28f; margin: 34px auto; }
.motto { font-style: italic; font-size: 40px; color: rgb(246 241 231 / 0.92); margin: 0; }
</style></head><body>
<svg class="land" viewBox="0 0 1200 630" width="1200" height="630" aria-hidden="true">
  <defs><radialGradient id="glow" cx="0.74" cy="0.8" r="0.5"><stop offset="0" stop-color="#f6dca4" stop-opacity="0.55"/><stop offset="1" stop-color="#e0a160" stop-opacity="0"/></radialGradient></defs>
  <rect width="1200" height="630" fill="url(#glow)"/>
  <circle cx="890" cy="505" r="34" fill="#f8e2b0" opacity="0.9"/>
  <path d="M0 500 C200 470 360 478 520 500 S880 520 1200 488 V630 H0Z" fill="#6a2f3d"/>
  <path d="M0 530 C240 515 420 518 620 532 S960 540 1200 522 V630 H0Z" fill="#3a1b2a"/>
  <path d="M0 560 C300 540 520 545 700 556 S1000 566 1200 548 V630 H0Z" fill="#1d1118"/>
  <path d="${rows}" stroke="#d9c28f" stroke-opacity="0.16" stroke-width="1" fill="none" clip-path="inset(0)"/>
</svg>
<div class="frame"></div>
<div class="text">
  <p class="eyebrow">OAKVILLE · NAPA VALLEY</p>
  <p class="name">ALDERMOOR</p>
  <p class="suffix">ESTATE</p>
  <div class="rule"></div>
  <p class="motto">Grand cru wines, by allocation</p>
</div>
</body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: output, type: 'png' });
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
}
