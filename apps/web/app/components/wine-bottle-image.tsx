import { wineImageSrcset, type WineImage } from '@winery/domain';
import bottles from '../content/brands/aldermoor/bottles.json';

/**
 * The estate's own bottle artwork (content/brands/aldermoor/bottles.json, the SVGs in
 * public/images/wines): each grand cru's bottle by its name, and the estate's plain bottle for any
 * other wine. Shown wherever staff have not uploaded a picture of the wine.
 */
export function bottleArtwork(name: string): { src: string; width: number; height: number } {
  const byName = bottles.wines as Record<string, string>;
  return { src: byName[name] ?? bottles.fallback, width: bottles.width, height: bottles.height };
}

interface WineBottleImageProps {
  /** The picture staff uploaded (from the offering or the staff wine); null or absent: the artwork. */
  image?: WineImage | null;
  /** The wine's name, to find its artwork. */
  name: string;
  /** Said of the artwork; an upload says what staff wrote, or this when they wrote nothing. */
  alt: string;
  /** How wide the picture is shown, for the browser's choice among the widths (`sizes`). */
  sizes: string;
  className?: string;
  /** Above the fold (a page's hero): fetched at once and first, instead of when scrolled near. */
  priority?: boolean;
}

/**
 * A wine's bottle: the uploaded picture in the width the screen needs, or the estate's artwork.
 * Its width and height are always set, so the page keeps its place while it loads, and it loads
 * lazily unless it is the page's first sight.
 */
export function WineBottleImage({ image, name, alt, sizes, className = 'wine-bottle', priority = false }: WineBottleImageProps) {
  const loading = priority ? ('eager' as const) : ('lazy' as const);
  const fetchPriority = priority ? ('high' as const) : undefined;
  if (image) {
    return (
      <img
        className={`${className} ${className}--photo`}
        src={image.url}
        srcSet={wineImageSrcset(image)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt || alt}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        data-testid="wine-image"
      />
    );
  }
  const artwork = bottleArtwork(name);
  return (
    <img
      className={className}
      src={artwork.src}
      width={artwork.width}
      height={artwork.height}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      data-testid="wine-image"
    />
  );
}

/** A wine as a bottle shows it: enough to find its artwork and say what it is. */
export interface BottledWine {
  id: string;
  name: string;
  vintage: number;
  sizeMl: number;
  image?: WineImage | null;
}

const STANDARD_ML = 750;

/**
 * The wine a note is about, when its title names one of the offering's wines ("Melbury 2022"):
 * the standard bottle first, so a magnum of the same vintage does not take its place.
 */
export function wineOfNote<W extends BottledWine>(title: string, wines: readonly W[]): W | undefined {
  const named = wines.filter((wine) => `${wine.name} ${wine.vintage}` === title.trim());
  return named.find((wine) => wine.sizeMl === STANDARD_ML) ?? named[0];
}

/**
 * The offering's bottles side by side, each with its name and vintage: where the notes are the
 * winery's own free text, so no bottle can stand beside the note on its wine.
 */
export function WineShelf({ wines, heading, altOf }: { wines: readonly BottledWine[]; heading: string; altOf: (wine: BottledWine) => string }) {
  return (
    <section className="wine-shelf" aria-label={heading} data-testid="wine-shelf">
      <ul className="wine-shelf__list">
        {wines.map((wine) => (
          <li key={wine.id} className="wine-shelf__item">
            <WineBottleImage image={wine.image} name={wine.name} alt={altOf(wine)} sizes="(min-width: 48em) 80px, 64px" />
            <span className="wine-shelf__name" aria-hidden="true">
              {wine.name} <span className="wine-shelf__vintage">{wine.vintage}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
