import { formatBottleSize, STANDARD_BOTTLE_ML, wineTitle } from '../lib/wine-format';

/**
 * A wine's name as `wineTitle` writes it ("Melbury 2022 (1.5 L)"), the same text, with a bottle
 * size that never breaks across lines: on a phone "(1.5" ended one line and "L)" began the next.
 */
export function WineTitle({ wine }: { wine: { name: string; vintage: number; sizeMl?: number } }) {
  if (!wine.sizeMl || wine.sizeMl === STANDARD_BOTTLE_ML) return <>{wineTitle(wine)}</>;
  return (
    <>
      {wineTitle({ name: wine.name, vintage: wine.vintage })} <span className="nowrap">({formatBottleSize(wine.sizeMl)})</span>
    </>
  );
}
