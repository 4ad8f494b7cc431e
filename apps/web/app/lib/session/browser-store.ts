import { i18n } from '../i18n';
import { createMemoryStore, createStoreResolver, type KeyValueStore } from './storage';

const isBrowser = typeof window !== 'undefined';

/** One resolver per page load, so the cookies-disabled alert shows at most once. */
const resolveBrowserStore: () => KeyValueStore = isBrowser
  ? createStoreResolver({
      local: () => window.localStorage,
      session: () => window.sessionStorage,
      alert: (message) => window.alert(message),
      message: i18n.t('notification:storage.disabled'),
    })
  : (() => {
      // Prerendering: there is no session at build time.
      const memory = createMemoryStore();
      return () => memory;
    })();

export function getStore(): KeyValueStore {
  return resolveBrowserStore();
}
