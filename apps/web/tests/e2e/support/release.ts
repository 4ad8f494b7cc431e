import type { Offering, OfferingWine, StaffOffering } from '@winery/domain';
import { expect } from 'vitest';
import type { Member } from './fixtures';
import type { OwnServer } from './own-server';

/**
 * The fair release's journeys set the stage the same way, on a server of their own: the demo's
 * open offering, a wine `member` may take `take` of on its own (no minimum, bound by no
 * combination rule), only `stock` bottles of it where orders ship from, no order minimum, holds of
 * `holdMinutes` and, when given, a waiting room at `admissionPerMinute` (else the offering's own).
 * Answers the offering's id and the wine as members see it.
 */
export async function lastBottlesOfOpenOffering(
  server: OwnServer,
  staffToken: string,
  member: Member,
  options: { take: number; stock: number; holdMinutes: number; admissionPerMinute?: number | null },
): Promise<{ offeringId: string; wine: OfferingWine }> {
  const staff = async <T>(method: string, path: string, body?: unknown) => {
    const answer = await server.call<T>(staffToken, method, `/v1/staff${path}`, body);
    expect(answer.status, `${method} /v1/staff${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  };

  const { token, subjectId } = await server.signIn(member.email);
  const [allocation] = (await server.call<Array<{ id: string }>>(token, 'GET', `/v1/demo/customer/${subjectId}/allocation`)).body;
  const seen = (await server.call<Offering>(token, 'GET', `/v1/demo/customer/${subjectId}/allocation/${allocation!.id}/offering`)).body;
  const [open] = (await staff<{ items: Array<{ id: string }> }>('GET', '/offerings?phase=open')).items;
  const offering = await staff<StaffOffering>('GET', `/offerings/${open!.id}`);
  const bound = new Set(offering.combinations.flatMap((rule) => [rule.wineId, rule.requiresWineId]));
  const staffWine = (offeringWineId: string) => offering.wines.find((w) => w.offeringWineId === offeringWineId)!;
  const wine = seen.wines.find((w) => w.available && w.minimum === 0 && w.maximum >= options.take && !bound.has(staffWine(w.id).wineId));
  expect(wine, `the open demo offering has a wine the member may take ${options.take} of, alone`).toBeDefined();

  const shipsFrom = (await staff<Array<{ id: string; shipsFrom: boolean }>>('GET', '/locations')).find((location) => location.shipsFrom)!;
  await staff('PUT', `/offerings/${offering.id}`, {
    name: offering.name,
    slug: offering.slug,
    campaignType: offering.campaignType,
    metaData: offering.metaData,
    letter: offering.letter,
    vintageNotes: offering.vintageNotes,
    letterMarkdown: offering.letterMarkdown,
    vintageNotesMarkdown: offering.vintageNotesMarkdown,
    reminderDaysBefore: offering.reminderDaysBefore,
    startDate: offering.startDate,
    endDate: offering.endDate,
    orderMinimumCents: 0,
    combinations: offering.combinations,
    wines: offering.wines.map((w) => ({
      wineId: w.wineId,
      priceCents: w.priceCents,
      defaultMinimum: w.defaultMinimum,
      defaultMaximum: w.defaultMaximum,
      stock: w.offeringWineId === wine!.id ? [{ locationId: shipsFrom.id, quantity: options.stock }] : w.stock,
    })),
    admissionPerMinute: options.admissionPerMinute === undefined ? offering.admissionPerMinute : options.admissionPerMinute,
    holdMinutes: options.holdMinutes,
  });
  return { offeringId: offering.id, wine: wine! };
}
