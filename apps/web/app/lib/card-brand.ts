import { i18n } from './i18n';

/** A card-validator brand ("american-express") as members read it ("American Express"). */
export function cardBrandName(brand: string): string {
  return i18n.t(`common:cards.brands.${brand}`, {
    defaultValue: brand.replace(/-/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase()),
  });
}
