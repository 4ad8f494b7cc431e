/**
 * The shape of a legal page's content file (content/legal/*.json). The page renders this and
 * nothing else, so a producer replaces the words, the title and the description without code.
 */
export interface LegalSection {
  /** The section's anchor, linked from the page's contents. */
  id: string;
  heading: string;
  paragraphs: string[];
  /** A list after the paragraphs, and paragraphs after the list. */
  list?: string[];
  closing?: string[];
}

export interface LegalDocument {
  eyebrow: string;
  title: string;
  metaDescription: string;
  lede: string;
  /** The day the text last changed, YYYY-MM-DD. */
  updated: string;
  sections: LegalSection[];
}

/** What a legal page's route hands its page: the document and where it lives. */
export interface LegalPageData {
  path: '/privacy' | '/terms' | '/shipping-policy';
  content: LegalDocument;
}
