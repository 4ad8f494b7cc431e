import realI18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, I18N_OPTIONS, NAMESPACES, resources } from '../../lib/i18n';
import island, { interpolate } from './i18next';
import { initReactI18next, useTranslation } from './react-i18next';

// The options and texts lib/i18n.ts gives i18next (and, in the island build, the stand-in).
const options = I18N_OPTIONS;

const real = realI18next.createInstance();
await real.init(options);
const mini = island.createInstance().use(initReactI18next);
await mini.init(options);

type Tree = { [key: string]: string | Tree };
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`)));
}
/** Every text's key, with a plural's suffix taken off (the key a component asks for). */
const everyKey = NAMESPACES.flatMap((ns) => [
  ...new Set(keysOf(resources[DEFAULT_LANGUAGE][ns] as Tree).map((key) => `${ns}:${key.replace(/_(zero|one|two|few|many|other)$/, '')}`)),
]);
/** Every placeholder any text has, with a value. */
const everyValue = Object.fromEntries(
  [...JSON.stringify(resources).matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)].map(([, name]) => [name!, `‹${name}›`]),
);

describe('the island’s i18next stand-in', { timeout: 20_000 }, () => {
  it('has texts to compare (sanity)', () => {
    expect(everyKey.length).toBeGreaterThan(600);
    expect(Object.keys(everyValue).length).toBeGreaterThan(10);
  });

  it.each([
    ['with every value', everyValue],
    ['with no values', {}],
    ['with values given as undefined or null', Object.fromEntries(Object.keys(everyValue).map((name, i) => [name, i % 2 ? null : undefined]))],
  ])('says every text as i18next does, %s', (_label, values) => {
    expect(everyKey.map((key) => [key, mini.t(key, values)])).toEqual(everyKey.map((key) => [key, real.t(key, values)]));
  });

  it.each([0, 1, 2, 5, 1.5, null])('chooses the plural form as i18next does, for a count of %s', (count) => {
    const values = { ...everyValue, count };
    expect(everyKey.map((key) => [key, mini.t(key, values)])).toEqual(everyKey.map((key) => [key, real.t(key, values)]));
  });

  // Every text three times over: one namespace order per test, with room for a busy machine (CI
  // once took 5.5 s for all three together).
  it.each([[['common', 'notification']], [['notification', 'common']], ['validation']] as const)(
    'looks keys up in the namespaces asked for, the first one first, as i18next does (%j)',
    (ns) => {
      const fixedReal = real.getFixedT(null, ns);
      const fixedMini = mini.getFixedT(null, ns);
      const keys = everyKey.map((key) => key.split(':')[1]!);
      expect(keys.map((key) => [key, fixedMini(key, everyValue)])).toEqual(keys.map((key) => [key, fixedReal(key, everyValue)]));
    },
    20_000,
  );

  it('answers for missing keys, default values and sentences as i18next does', () => {
    for (const [key, values] of [
      ['no.such.key', {}],
      ['notification:no.such.key', {}],
      ['no.such.key', { defaultValue: 'Plain {{name}}', name: 'Ada' }],
      ['validation:Invalid input: expected string, received undefined', {}],
      ['login', {}],
    ] as const) {
      expect(mini.t(key, values), key).toBe(real.t(key, values));
    }
    for (const key of ['validation:required', 'validation:Invalid input: expected string', 'validation:nope', 'login', 'common:login.heading']) {
      expect(mini.exists(key), key).toBe(real.exists(key));
    }
  });

  it('gives components the same stable t for the same namespaces (react-i18next)', () => {
    const first = useTranslation(['common', 'notification']);
    expect(first.t('login.success')).toBe(real.getFixedT(null, ['common', 'notification'])('login.success'));
    expect(useTranslation(['common', 'notification']).t).toBe(first.t);
    expect(useTranslation().t('login.heading')).toBe(real.t('login.heading'));
  });

  it('fills placeholders at any depth and keeps those it has no value for', () => {
    expect(interpolate('{{a.b}} and {{ c }} and {{d}}', { a: { b: 1 }, c: 'two' })).toBe('1 and two and {{d}}');
  });
});
