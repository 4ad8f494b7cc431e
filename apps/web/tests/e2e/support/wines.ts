import type { OfferingWine } from '@winery/domain';
import type { Page } from 'playwright-core';

type Named = Pick<OfferingWine, 'name' | 'vintage' | 'sizeMl'>;

/** A wine as the member's pages name it: "Quella 2022", "Melbury 2022 (1.5 L)" (an offering may hold both sizes). */
export const wineName = (wine: Named) =>
  wine.sizeMl === 750 ? `${wine.name} ${wine.vintage}` : `${wine.name} ${wine.vintage} (${wine.sizeMl >= 1000 ? `${wine.sizeMl / 1000} L` : `${wine.sizeMl} ml`})`;

/** The number of bottles the member chooses of a wine, on the selection page. */
export const quantityField = (page: Page, wine: Named) => page.getByLabel(`Bottles of ${wineName(wine)}`, { exact: true });

/** A wine's card on the selection page. */
export const wineCard = (page: Page, wine: Pick<OfferingWine, 'id'>) => page.locator(`[data-testid="wine-card"][data-wine-id="${wine.id}"]`);
