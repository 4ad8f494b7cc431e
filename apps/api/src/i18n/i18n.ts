import i18next, { type TOptions } from 'i18next';
import api from '@winery/locales/en-US/api.json' with { type: 'json' };
import mail from '@winery/locales/en-US/mail.json' with { type: 'json' };

export const LANGUAGE = 'en-US';

/**
 * The API's own i18next instance: the same files and plural rules as the web app, created once
 * with its resources imported statically, so rendering a message reads no file and waits for
 * nothing. Validation texts are the domain's (renderValidationMessage). Values are not HTML-escaped here: answers are JSON, and the mail layout escapes what it
 * puts into HTML itself.
 */
const i18n = i18next.createInstance();
void i18n.init({
  lng: LANGUAGE,
  fallbackLng: LANGUAGE,
  supportedLngs: [LANGUAGE],
  ns: ['api', 'mail'],
  defaultNS: 'api',
  resources: { [LANGUAGE]: { api, mail } },
  initAsync: false,
  // A member's name or a wine's label is printed as it is, never read as {{…}} or $t(…).
  interpolation: { escapeValue: false, skipOnVariables: true },
  returnNull: false,
});

/** A namespace's keys, without i18next's plural (`_one`, `_other`, `_zero`) and context suffixes. */
type BaseKey<K> = K extends `${infer Base}_${'zero' | 'one' | 'other' | 'admin' | 'manager' | 'member' | 'staff'}` ? Base : K;
type NestedKeys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${BaseKey<K>}` : NestedKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type ApiTextKey = NestedKeys<typeof api>;
export type MailTextKey = NestedKeys<typeof mail>;

/** An `api` namespace text (packages/locales/en-US/api.json). */
export const apiText = (key: ApiTextKey, values?: TOptions): string => i18n.t(`api:${key}`, values ?? {});

/** A `mail` namespace text (packages/locales/en-US/mail.json). */
export const mailText = (key: MailTextKey, values?: TOptions): string => i18n.t(`mail:${key}`, values ?? {});

/** Whether a text exists, for the tests that check every key a caller uses is in the files. */
export const hasText = (namespace: 'api' | 'mail', key: string): boolean => i18n.exists(`${namespace}:${key}`);
