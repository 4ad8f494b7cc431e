import { randomUUID } from 'node:crypto';
import { DAY_MS } from '@winery/domain';
import { DEMO_MEMBERS } from './demo-sign-ins.js';
import { COMPANIES, FEMALE_NAMES, LAST_NAMES, MALE_NAMES, PLACES, STREETS, type DemoPlace } from './demo-names.js';
import { createRandom, type DemoRandom } from './demo-random.js';

/** The winery's levels of membership, most senior first. */
export const DEMO_TIERS = [
  { key: 'founder', name: 'Founder', rank: 1 },
  { key: 'cellar', name: 'Cellar', rank: 2 },
  { key: 'allocation', name: 'Allocation', rank: 3 },
] as const;
export type DemoTierKey = (typeof DEMO_TIERS)[number]['key'];

/** The demo sign-ins' own standing: their tier and the day they joined. */
export const DEMO_STANDING: Record<string, { tier: DemoTierKey; memberSince: string }> = {
  [DEMO_MEMBERS.offering]: { tier: 'cellar', memberSince: '2016-03-14' },
  [DEMO_MEMBERS.ordered]: { tier: 'founder', memberSince: '2011-09-02' },
  [DEMO_MEMBERS.member]: { tier: 'allocation', memberSince: '2024-05-20' },
  [DEMO_MEMBERS.expired]: { tier: 'founder', memberSince: '2009-06-01' },
};

/** Members in all, the demo sign-ins included. */
export const DEMO_MEMBER_COUNT = 300;

export interface DemoAddress {
  address1: string;
  address2: string | null;
  city: string;
  stateCode: string | null;
  zipCode: string;
  countryCode: string;
}

/** A generated member: no password (they sign in by e-mailed link), one saved address. */
export interface GeneratedMember {
  id: string;
  email: string;
  prefix: string | null;
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string;
  company: string | null;
  tier: DemoTierKey;
  memberSince: string;
  /** Set for the few who left: never invited, never allocated in the open offering. */
  deactivatedAt: Date | null;
  address: DemoAddress;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayBetween = (random: DemoRandom, from: Date, to: Date) =>
  new Date(from.getTime() + Math.floor(random.next() * Math.max(1, (to.getTime() - from.getTime()) / DAY_MS)) * DAY_MS);

/** How many of the generated members are in each tier, and when each tier's members joined. */
const TIER_PLAN: ReadonlyArray<{ tier: DemoTierKey; count: number; from: string; to: string | null }> = [
  { tier: 'founder', count: 42, from: '2009-01-15', to: '2013-12-31' },
  { tier: 'cellar', count: 104, from: '2012-01-01', to: '2021-12-31' },
  { tier: 'allocation', count: 150, from: '2018-01-01', to: null },
];

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

function phoneFor(random: DemoRandom, place: DemoPlace) {
  const digits = (n: number) => String(random.int(0, 10 ** n - 1)).padStart(n, '0');
  return place.dialPrefix.startsWith('+1 ') ? `${place.dialPrefix} 555 01${digits(2)}` : `${place.dialPrefix} 0${digits(3)}`;
}

/**
 * The demo's other members (DEMO_MEMBER_COUNT less the demo sign-ins), the same on every run:
 * varied names, US and a few foreign addresses, adults who joined between 2009 and `now`.
 */
export function generateMembers(now: Date): GeneratedMember[] {
  const random = createRandom(0x0a1d_e300);
  const taken = new Set<string>(Object.values(DEMO_MEMBERS));
  const places = PLACES.map((place) => [place, place.weight] as const);
  const members: GeneratedMember[] = [];
  const deactivate = new Set([160, 211, 274]);
  for (const plan of TIER_PLAN) {
    const until = plan.to ? new Date(`${plan.to}T00:00:00Z`) : new Date(now.getTime() - 20 * DAY_MS);
    for (let n = 0; n < plan.count; n += 1) {
      const female = random.chance(0.5);
      const firstName = random.pick(female ? FEMALE_NAMES : MALE_NAMES);
      const lastName = random.pick(LAST_NAMES);
      const domain = random.pick(['example.com', 'example.net', 'example.org']);
      let email = `${ascii(firstName)}.${ascii(lastName)}@${domain}`;
      for (let k = 2; taken.has(email); k += 1) email = `${ascii(firstName)}.${ascii(lastName)}${k}@${domain}`;
      taken.add(email);
      const joined = dayBetween(random, new Date(`${plan.from}T00:00:00Z`), until);
      // Between 24 and 62 on the day they joined: every member is well over 21 today.
      const born = new Date(joined.getTime() - random.int(24 * 365 + 10, 62 * 365) * DAY_MS);
      const place = random.weighted(places);
      const prefix = random.chance(0.06) ? 'Dr.' : random.chance(0.5) ? (female ? random.pick(['Ms.', 'Mrs.']) : 'Mr.') : null;
      members.push({
        id: randomUUID(),
        email,
        prefix,
        firstName,
        lastName,
        phone: phoneFor(random, place),
        dateOfBirth: isoDay(born),
        company: random.chance(0.08) ? random.pick(COMPANIES) : null,
        tier: plan.tier,
        memberSince: isoDay(joined),
        deactivatedAt: plan.tier === 'allocation' && deactivate.has(members.length) ? new Date(now.getTime() - random.int(30, 400) * DAY_MS) : null,
        address: {
          address1: `${random.int(12, 4980)} ${random.pick(STREETS)}`,
          address2: random.chance(0.15) ? `Apt ${random.int(1, 30)}${random.pick(['A', 'B', 'C', ''])}` : null,
          city: place.city,
          stateCode: place.stateCode,
          zipCode: place.zipCode,
          countryCode: place.countryCode,
        },
      });
    }
  }
  return members;
}
