import { DAY_MS, HOUR_MS } from '@winery/domain';
import type { Database } from '../db/database.js';
import { allocationRequests } from '../db/schema/index.js';
import { FEMALE_NAMES, IDEAL_ALLOCATIONS, LAST_NAMES, MALE_NAMES, PLACES, STREETS } from './demo-names.js';
import type { DemoRandom } from './demo-random.js';

/** Prospects' requests waiting for staff: to join the allocation list, and for the Founder's List. */
export const DEMO_PROSPECTS = { allocation: 10, foundersList: 5 } as const;

/**
 * Fifteen prospects' requests that arrived over the last six weeks and wait for a decision (no
 * mail: their "we received it" e-mails went out when they asked).
 */
export async function seedProspects(tx: Database, input: { tenantId: string; now: Date; random: DemoRandom; takenEmails: ReadonlySet<string> }) {
  const { tenantId, now, random } = input;
  const kinds = [
    ...Array.from({ length: DEMO_PROSPECTS.allocation }, () => 'allocation' as const),
    ...Array.from({ length: DEMO_PROSPECTS.foundersList }, () => 'founders-list' as const),
  ];
  const places = PLACES.filter((place) => place.countryCode === 'US' && place.stateCode !== 'UT').map((place) => [place, place.weight] as const);
  const taken = new Set(input.takenEmails);
  const rows = random.shuffle(kinds).map((kind, index) => {
    const female = random.chance(0.5);
    const firstName = random.pick(female ? FEMALE_NAMES : MALE_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const local = `${firstName}${lastName}`.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();
    let email = `${local}@example.com`;
    for (let k = 2; taken.has(email); k += 1) email = `${local}${k}@example.com`;
    taken.add(email);
    const place = random.weighted(places);
    return {
      tenantId,
      kind,
      prefix: random.chance(0.4) ? (female ? 'Ms.' : 'Mr.') : null,
      firstName,
      lastName,
      email,
      phone: `${place.dialPrefix} 555 01${String(random.int(0, 99)).padStart(2, '0')}`,
      dateOfBirth: `${random.int(1955, 1996)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
      address: {
        address1: `${random.int(10, 9800)} ${random.pick(STREETS)}`,
        address2: null,
        city: place.city,
        stateCode: place.stateCode,
        zipCode: place.zipCode,
        countryCode: place.countryCode,
      },
      idealAllocation: kind === 'founders-list' ? random.pick(IDEAL_ALLOCATIONS) : null,
      // In arrival order, the oldest six weeks ago.
      createdAt: new Date(now.getTime() - (42 - index * 2.7) * DAY_MS - random.int(0, 20) * HOUR_MS),
    };
  });
  await tx.insert(allocationRequests).values(rows);
}
