/**
 * What the form islands use of i18next (ADR 023), in a few hundred bytes instead of i18next's
 * 14 KB gzip: `createInstance().use(…).init({ resources, … })`, then `t` and `exists` over the same
 * JSON texts (packages/locales). The island build resolves `i18next` here; the app keeps the real
 * library. `i18next.test.ts` checks every text of every namespace against the real one.
 *
 * Supported, as i18next does it: `ns:key` and namespace lists (first found wins), dotted keys,
 * `{{value}}` and `{{a.b}}` interpolation without escaping (an absent value keeps its placeholder,
 * a present but empty one becomes ''), plurals with `count` (`_zero` when it exists, then the
 * language's plural rule, then the key itself), `defaultValue`, and the key itself when nothing is
 * found. Not supported, because no text uses them: nesting (`$t(…)`), formatters, context.
 */

type Tree = { [key: string]: string | Tree };
export type TOptions = Record<string, unknown> & { ns?: string | readonly string[]; defaultValue?: string; count?: number | null };
export type TFunction = (key: string, options?: TOptions) => string;

export interface InitOptions {
  lng: string;
  fallbackLng?: string | false;
  defaultNS?: string;
  ns?: readonly string[];
  resources: Record<string, Record<string, Tree>>;
  [option: string]: unknown;
}

/** A plugin in i18next's sense (react-i18next registers itself as one). */
export interface ThirdPartyModule {
  type: '3rdParty';
  init(instance: MiniI18n): void;
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

function lookup(tree: Tree | undefined, path: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
}

function valueAt(values: Record<string, unknown>, path: string): { found: boolean; value: unknown } {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return { found: false, value: undefined };
    node = (node as Record<string, unknown>)[part];
  }
  return { found: true, value: node };
}

export function interpolate(text: string, values: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (placeholder, path: string) => {
    const { found, value } = valueAt(values, path);
    if (!found) return placeholder;
    return value === undefined || value === null ? '' : String(value);
  });
}

export class MiniI18n {
  options: { defaultNS: string; ns: string[] } = { defaultNS: 'translation', ns: [] };
  language = '';
  isInitialized = false;
  private resources: Record<string, Record<string, Tree>> = {};
  private languages: string[] = [];
  private plurals: Intl.PluralRules | null = null;
  private readonly pending: ThirdPartyModule[] = [];

  use(module: ThirdPartyModule): this {
    this.pending.push(module);
    return this;
  }

  init(options: InitOptions): Promise<TFunction> {
    this.resources = options.resources;
    this.language = options.lng;
    this.languages = [options.lng, ...(options.fallbackLng && options.fallbackLng !== options.lng ? [options.fallbackLng] : [])];
    this.options = { defaultNS: options.defaultNS ?? 'translation', ns: [...(options.ns ?? [options.defaultNS ?? 'translation'])] };
    this.plurals = new Intl.PluralRules(options.lng);
    this.isInitialized = true;
    for (const module of this.pending.splice(0)) module.init(this);
    return Promise.resolve(this.t);
  }

  /** The text of a key, or undefined: the first namespace (then language) that has it wins. */
  private resolve(key: string, options: TOptions = {}): string | Tree | undefined {
    let namespaces: readonly string[] =
      options.ns === undefined ? [this.options.defaultNS] : typeof options.ns === 'string' ? [options.ns] : options.ns;
    let path = key;
    const colon = key.indexOf(':');
    if (colon > 0 && !/\s/.test(key)) {
      namespaces = [key.slice(0, colon)];
      path = key.slice(colon + 1);
    }
    // As i18next: any count but undefined or a string picks a plural form (null reads as 0, so 'other' in English).
    const raw: unknown = options.count;
    const count = raw === undefined || typeof raw === 'string' ? undefined : Number(raw);
    const candidates =
      count === undefined ? [path] : [...(raw === 0 ? [`${path}_zero`] : []), `${path}_${this.plurals!.select(count)}`, path];
    for (const namespace of namespaces) {
      for (const language of this.languages) {
        for (const candidate of candidates) {
          const found = lookup(this.resources[language]?.[namespace], candidate);
          if (found !== undefined) return found;
        }
      }
    }
    return undefined;
  }

  exists = (key: string, options?: TOptions): boolean => this.resolve(key, options) !== undefined;

  t: TFunction = (key, options = {}) => {
    const found = this.resolve(key, options);
    const values = { ...options };
    if (typeof found === 'string') return interpolate(found, values);
    if (found !== undefined) return `key '${key} (${this.language})' returned an object instead of string.`;
    if (typeof options.defaultValue === 'string') return interpolate(options.defaultValue, values);
    // Like i18next: the key without its namespace (a sentence with a colon is kept whole).
    const colon = key.indexOf(':');
    return colon > 0 && !/\s/.test(key) ? key.slice(colon + 1) : key;
  };

  getFixedT = (_language: string | null, ns?: string | readonly string[]): TFunction => {
    return (key, options = {}) => this.t(key, ns !== undefined && options.ns === undefined ? { ...options, ns } : options);
  };
}

const i18next = {
  createInstance: () => new MiniI18n(),
};

export default i18next;
