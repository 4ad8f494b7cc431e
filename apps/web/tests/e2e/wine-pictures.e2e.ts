import { deflateSync, crc32 } from 'node:zlib';
import type { AllocationSummary, Offering, Wine } from '@winery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiSignIn } from './support/api';
import { axeViolations } from './support/axe';
import { setupBrowser, signIn, waitForApp } from './support/browser';
import { membersLike } from './support/fixtures';
import { consoleStorage, newStaffToken, staffApi } from './support/staff';

/*
 * Issue 15, item 13: a bottle for each wine on the allocation page, the vintage notes and the
 * grand cru pages (the estate's artwork, or the picture staff upload), portraits on the team
 * page; responsive, lazily loaded below the fold, with their dimensions set.
 */

const newPage = setupBrowser();
const members = membersLike('offering');

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

interface ShownImage {
  src: string;
  srcset: string;
  alt: string;
  loading: string;
  decoding: string;
  width: string | null;
  height: string | null;
  loaded: boolean;
}

/**
 * The pictures in `selector`, as the browser has them, once each has loaded: a lazy one loads when
 * it comes near the viewport, so each poll brings the first still loading into view. Nothing here
 * waits on the page's animation frames: a page's evaluate has no time limit. The member's page once
 * hung in CI until the test's 120 s ran out, the browser answering afterwards; the page scrolled
 * through one frame at a time inside an evaluate was the one wait there without a limit. A poll
 * that never sees them all loaded fails after its 15 s, saying so.
 */
async function imagesIn(page: Page, selector: string): Promise<ShownImage[]> {
  await expect
    .poll(() =>
      page.locator(selector).evaluateAll((images) => {
        const loading = (images as HTMLImageElement[]).filter((image) => !image.complete);
        loading[0]?.scrollIntoView({ block: 'center' });
        return loading.length;
      }),
    )
    .toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.locator(selector).evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => ({
      src: image.getAttribute('src') ?? '',
      srcset: image.getAttribute('srcset') ?? '',
      alt: image.alt,
      loading: image.getAttribute('loading') ?? '',
      decoding: image.getAttribute('decoding') ?? '',
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
      loaded: image.naturalWidth > 0,
    })),
  );
}

/** A PNG of a dark bottle on ivory, made here (no image library needed): `width` × `height`. */
function bottlePng(width = 400, height = 1200): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const neck = Math.abs(x - width / 2) < width * 0.08 && y > height * 0.05;
      const body = Math.abs(x - width / 2) < width * 0.3 && y > height * 0.3 && y < height * 0.97;
      const [r, g, b] = neck || body ? [0x1d, 0x22, 0x19] : [0xf6, 0xf1, 0xe7];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('wine pictures', () => {
  it('the grand crus and the team: bottles and portraits, sized, lazy below the fold, no axe violations', async () => {
    for (const viewport of WIDTHS) {
      const { page, consoleErrors } = await newPage({ viewport });

      await page.goto('/grand-crus/melbury');
      const [hero] = await imagesIn(page, '.wine-hero__bottle');
      // The hero is the page's first sight: fetched at once; its artwork is Melbury's own.
      expect(hero).toMatchObject({ src: '/images/wines/melbury.svg', alt: 'A bottle of Melbury', loading: 'eager', width: '240', height: '800', loaded: true });
      expect(await axeViolations(page), `/grand-crus/melbury at ${viewport.width}px`).toEqual([]);

      await page.goto('/grand-crus');
      const bottles = await imagesIn(page, '.wine-card__bottle');
      expect(bottles.map((bottle) => bottle.src)).toEqual(
        ['melbury', 'pluribus', 'quella', 'st-eden', 'vecina', 'orsola'].map((slug) => `/images/wines/${slug}.svg`),
      );
      expect(bottles.every((bottle) => bottle.loading === 'lazy' && bottle.decoding === 'async' && bottle.width === '240' && bottle.loaded)).toBe(true);
      expect(await axeViolations(page), `/grand-crus at ${viewport.width}px`).toEqual([]);

      await page.goto('/team');
      const portraits = await imagesIn(page, '[data-testid="team-portrait"]');
      expect(portraits).toHaveLength(6);
      expect(portraits[0]).toMatchObject({ src: '/images/team/catherine-aldermoor.svg', loading: 'lazy', width: '112', height: '140', loaded: true });
      expect(portraits.every((portrait) => portrait.loaded && portrait.alt === '')).toBe(true);
      // No initials left in place of faces.
      expect(await page.locator('.monogram').count()).toBe(0);
      expect(await axeViolations(page), `/team at ${viewport.width}px`).toEqual([]);
      expect(consoleErrors).toEqual([]);
    }
  });

  it('the allocation page and the vintage notes: a bottle beside each wine, at both widths', async () => {
    const { page } = await newPage({ viewport: WIDTHS[0] });
    await signIn(page, members.offering.email);
    await page.waitForURL('**/offering/**');
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await page.goto('/offering/allocation');
      await waitForApp(page);
      await expect.poll(() => page.getByTestId('wine-card').count()).toBeGreaterThan(3);
      const cards = await page.getByTestId('wine-card').count();
      const bottles = await imagesIn(page, '[data-testid="wine-card"] .wine-bottle');
      expect(bottles).toHaveLength(cards);
      expect(bottles[0]).toMatchObject({ src: '/images/wines/melbury.svg', alt: 'A bottle of Melbury 2022', loading: 'lazy', decoding: 'async', width: '240', height: '800', loaded: true });
      expect(await axeViolations(page), `/offering/allocation at ${viewport.width}px`).toEqual([]);

      await page.goto('/offering/vintage-notes');
      await waitForApp(page);
      await expect.poll(() => page.locator('.vintage-note').count()).toBeGreaterThan(0);
      const noted = await imagesIn(page, '.vintage-note__bottle img');
      // Each note titled after one of the offering's wines ("Melbury 2022") has that wine's bottle.
      const titles = await page.locator('.vintage-note--bottled .vintage-note__title').allInnerTexts();
      expect(noted.map((image) => image.alt)).toEqual(titles.map((title) => `A bottle of ${title}`));
      expect(noted.length).toBeGreaterThan(3);
      expect(noted.every((image) => image.loaded && image.loading === 'lazy' && image.width === '240')).toBe(true);
      expect(await axeViolations(page), `/offering/vintage-notes at ${viewport.width}px`).toEqual([]);
    }
  });

  /*
   * One story told in three tests, which run in this order (a file's tests run one after another):
   * each page has its own time limit, so a slow spell of a busy machine on one of them does not
   * take the others' time (the story as one test once ran past 120 s in CI, at 10 s on a quiet one).
   */
  describe('a picture staff upload', () => {
    let wine: Wine | undefined;
    let offered: Offering['wines'][number];
    beforeAll(async () => {
      const { token, customerId } = await apiSignIn(members.offering.email);
      const [current] = (await api<AllocationSummary[]>(token, 'GET', `/v1/demo/customer/${customerId}/allocation`)).body;
      const offering = (await api<Offering>(token, 'GET', `/v1/demo/customer/${customerId}/allocation/${current!.id}/offering`)).body;
      offered = offering.wines.find((w) => w.name === 'Vecina')!;
      const found = await staffApi<{ items: Wine[] }>('GET', `/v1/staff/wines?q=Vecina`);
      wine = found.body.items.find((item) => item.vintage === offered.vintage && item.sizeMl === offered.sizeMl)!;
    });
    afterAll(async () => {
      // The demo's wine gets its artwork back for the other files of the run.
      if (wine) await staffApi('DELETE', `/v1/staff/wines/${wine.id}/image`);
    });

    it('is shown to a viewer as members see it, with no control to change it', async () => {
      const { page } = await newPage({ viewport: WIDTHS[0], initScript: consoleStorage(await newStaffToken('viewer')) });
      await page.goto(`/staff/wines/${wine!.id}`);
      await expect.poll(() => page.getByTestId('wine-picture').isVisible()).toBe(true);
      expect(await page.getByTestId('wine-picture').locator('img').getAttribute('src')).toBe('/images/wines/vecina.svg');
      expect(await page.getByLabel('Picture file').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Upload picture' }).count()).toBe(0);
    });

    it('is previewed by a manager, refused by its field when it is not a picture, and uploaded', async () => {
      const { page } = await newPage({ viewport: WIDTHS[1], initScript: consoleStorage(await newStaffToken('manager')) });
      await page.goto(`/staff/wines/${wine!.id}`);
      const file = page.getByLabel('Picture file');
      await expect.poll(() => file.isVisible()).toBe(true);

      // A GIF named .png is refused before it is sent, next to the field.
      const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
      await file.setInputFiles({ name: 'bottle.png', mimeType: 'image/png', buffer: gif });
      await expect.poll(() => page.getByTestId('wine-picture-error').innerText()).toBe('Please choose a PNG, JPEG or WebP picture');
      expect(await file.getAttribute('aria-invalid')).toBe('true');

      await file.setInputFiles({ name: 'vecina.png', mimeType: 'image/png', buffer: bottlePng() });
      await expect.poll(() => page.getByTestId('wine-picture-preview').isVisible()).toBe(true);
      expect(await page.getByTestId('wine-picture-error').count()).toBe(0);
      await page.getByLabel('Alt text').fill('Vecina 2022 against the walnut orchard');
      expect(await axeViolations(page), 'the console wine page with a preview').toEqual([]);
      await page.getByRole('button', { name: 'Upload picture' }).click();
      await expect.poll(() => page.getByTestId('wine-picture').locator('figcaption').innerText()).toBe('Current picture');
      const uploaded = page.getByTestId('wine-picture').locator('figure img');
      expect(await uploaded.getAttribute('src')).toMatch(/^\/v1\/demo\/wines\/[\w-]+\/image\/original\?v=/);
      await expect.poll(() => page.getByRole('button', { name: 'Remove picture' }).isVisible()).toBe(true);
    });

    it('is shown to the member on their allocation page, in the widths kept of it, in place of the artwork', async () => {
      const { page } = await newPage({ viewport: WIDTHS[0] });
      await signIn(page, members.offering.email);
      await page.waitForURL('**/offering/**');
      await page.goto('/offering/allocation');
      await waitForApp(page);
      const card = `[data-testid="wine-card"][data-wine-id="${offered.id}"]`;
      await expect.poll(() => page.locator(card).count()).toBe(1);
      const [shown] = await imagesIn(page, `${card} .wine-bottle`);
      expect(shown).toMatchObject({ alt: 'Vecina 2022 against the walnut orchard', loading: 'lazy', width: '400', height: '1200', loaded: true });
      expect(shown!.src).toMatch(/\/v1\/demo\/wines\/[\w-]+\/image\/original\?v=[\w-]+$/);
      expect(shown!.srcset).toMatch(/^\/v1\/demo\/wines\/[\w-]+\/image\/w320\?v=[\w-]+ 320w, \/v1\/demo\/wines\/[\w-]+\/image\/original\?v=[\w-]+ 400w$/);
    });
  });
});
