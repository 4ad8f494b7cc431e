const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;
/** Punctuation that may end a sentence right after a URL without belonging to it. */
const TRAILING = /[.,;:!?)\]]+$/;

export interface FoundLink {
  url: string;
  /** Where the URL starts in the text. */
  index: number;
}

/** The http(s) URLs in a plain-text body, in order. */
export function findLinkPositions(text: string): FoundLink[] {
  return [...text.matchAll(URL_PATTERN)].map((match) => ({ url: match[0].replace(TRAILING, ''), index: match.index }));
}

export const findLinks = (text: string): string[] => findLinkPositions(text).map((link) => link.url);
