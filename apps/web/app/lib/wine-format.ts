import { formatNumber } from './format';

const ONE_LITRE_ML = 1000;

/** A bottle as its label gives it: "375 ml", "750 ml", "1.5 L", "3 L". */
export function formatBottleSize(sizeMl: number): string {
  if (sizeMl >= ONE_LITRE_ML) return `${formatNumber(Math.round((sizeMl / ONE_LITRE_ML) * 100) / 100)} L`;
  return `${formatNumber(sizeMl)} ml`;
}

export const STANDARD_BOTTLE_ML = 750;

/**
 * "Quella 2023" — a wine and its vintage, as a member names it; another size than the standard
 * bottle is part of the name ("Melbury 2022 (1.5 L)"), since an offering may hold both.
 */
export const wineTitle = (wine: { name: string; vintage: number; sizeMl?: number }): string =>
  wine.sizeMl && wine.sizeMl !== STANDARD_BOTTLE_ML ? `${wine.name} ${wine.vintage} (${formatBottleSize(wine.sizeMl)})` : `${wine.name} ${wine.vintage}`;
