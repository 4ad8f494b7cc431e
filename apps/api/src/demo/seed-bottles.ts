import type { Database } from '../db/database.js';
import { bottles } from '../db/schema/index.js';
import { mulberry32 } from './demo-random.js';
import type { DemoWineKey } from './seed-content.js';

/**
 * The demo registry: 300 bottles of the demo wines, numbered 1..n per wine, with IDs drawn from a
 * seeded generator so every fresh database has the same ones (the README lists a few to try).
 * Letters and digits that look alike (0/O, 1/I) are left out, as a printer of labels would.
 */
export const DEMO_BOTTLE_COUNTS: Readonly<Record<DemoWineKey, number>> = {
  melbury22: 60,
  melbury22Magnum: 12,
  pluribus22: 40,
  quella22: 30,
  stEden22: 40,
  vecina22: 50,
  orsola21: 18,
  melbury19: 14,
  quella19: 12,
  stEden19: 12,
  vecina19: 12,
};

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SEED = 0x5eed_b077;

export interface DemoBottle {
  bottleId: string;
  wine: DemoWineKey;
  bottleNumber: number;
}

/** Every demo bottle, in a fixed order: wine by wine, number by number. */
export function demoBottles(): DemoBottle[] {
  const random = mulberry32(SEED);
  const seen = new Set<string>();
  const nextId = () => {
    for (;;) {
      const chars = Array.from({ length: 8 }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]!).join('');
      const id = `${chars.slice(0, 4)}-${chars.slice(4)}`;
      if (!seen.has(id)) {
        seen.add(id);
        return id;
      }
    }
  };
  const list: DemoBottle[] = [];
  for (const [wine, count] of Object.entries(DEMO_BOTTLE_COUNTS) as Array<[DemoWineKey, number]>) {
    for (let bottleNumber = 1; bottleNumber <= count; bottleNumber += 1) list.push({ bottleId: nextId(), wine, bottleNumber });
  }
  return list;
}

/** Registers the demo bottles for the seeded wines (inside the seed's transaction). */
export async function seedDemoBottles(tx: Database, tenantId: string, wineId: (key: DemoWineKey) => string): Promise<number> {
  const list = demoBottles();
  await tx.insert(bottles).values(list.map((bottle) => ({ tenantId, bottleId: bottle.bottleId, wineId: wineId(bottle.wine), bottleNumber: bottle.bottleNumber })));
  return list.length;
}
