/**
 * What the form islands use of react-i18next (ADR 023): `initReactI18next`, which `lib/i18n.ts`
 * registers, and `useTranslation`. The texts never change while a page is open (one language,
 * bundled), so there is nothing to subscribe to. The island build resolves `react-i18next` here.
 */
import type { MiniI18n, TFunction, ThirdPartyModule } from './i18next';

let instance: MiniI18n | null = null;
/** One `t` per namespace list, so it is as stable between renders as react-i18next's. */
const fixed = new Map<string, TFunction>();

export const initReactI18next: ThirdPartyModule = {
  type: '3rdParty',
  init(i18n) {
    instance = i18n;
    fixed.clear();
  },
};

export interface UseTranslationResponse {
  t: TFunction;
  i18n: MiniI18n;
  ready: true;
}

/** `t` for the given namespaces (the first one is where keys without `ns:` are looked up first). */
export function useTranslation(ns?: string | readonly string[]): UseTranslationResponse {
  if (!instance) throw new Error('useTranslation before lib/i18n initialised the texts');
  const key = ns === undefined ? '' : typeof ns === 'string' ? ns : ns.join('\n');
  let t = fixed.get(key);
  if (!t) fixed.set(key, (t = instance.getFixedT(null, ns)));
  return { t, i18n: instance, ready: true };
}
