import { z } from 'zod';
import { AdmissionPerMinuteSchema } from '../schemas/release-settings.js';

/*
 * The waiting room's API (issue 17): the member's place (`GET|POST …/allocation/:id/waiting-room`)
 * and what staff see of an offering's rooms (`GET /v1/staff/offerings/:id/waiting-room`) and
 * change (`PUT …/admission-rate`).
 */

export const WAITING_ROOM_STATES = ['no-room', 'not-joined', 'waiting', 'admitted'] as const;

/** A member's state in their opening's waiting room, as of `serverTime` (the app's clock). */
export const WaitingRoomSchema = z.object({
  state: z.enum(WAITING_ROOM_STATES),
  /** The member's own opening and close (their tier's, else the offering's). */
  opensAt: z.iso.datetime({ offset: true }),
  closesAt: z.iso.datetime({ offset: true }),
  serverTime: z.iso.datetime({ offset: true }),
  /** Members in the room not yet through (everyone in it before the opening). */
  waiting: z.number().int().min(0),
  /** 1-based place in the queue; null before the opening (the order is drawn at the opening) or without a place. */
  position: z.number().int().min(1).nullable(),
  /** Members still ahead; null when there is no position. */
  ahead: z.number().int().min(0).nullable(),
  admissionPerMinute: z.number().int().nullable(),
  /** When the member should be through at the current rate; null without a position. */
  estimatedAdmissionAt: z.iso.datetime({ offset: true }).nullable(),
});
export type WaitingRoom = z.infer<typeof WaitingRoomSchema>;

/** One opening's room as staff see it: the offering's own opening (tierId null) or a tier's. */
export const StaffWaitingRoomRoomSchema = z.object({
  tierId: z.uuid().nullable(),
  /** The tier's name; null for the offering's own opening. */
  tierName: z.string().nullable(),
  opensAt: z.iso.datetime({ offset: true }),
  /** In the room and not yet through. */
  waiting: z.number().int().min(0),
  admitted: z.number().int().min(0),
  /** Members first seen through in the last minute. */
  admittedLastMinute: z.number().int().min(0),
});
export type StaffWaitingRoomRoom = z.infer<typeof StaffWaitingRoomRoomSchema>;

export const StaffWaitingRoomSchema = z.object({
  admissionPerMinute: z.number().int().nullable(),
  serverTime: z.iso.datetime({ offset: true }),
  /** Members whose chosen bottles are held for them now. */
  holdsActive: z.number().int().min(0),
  rooms: z.array(StaffWaitingRoomRoomSchema),
});
export type StaffWaitingRoom = z.infer<typeof StaffWaitingRoomSchema>;

/** `PUT /v1/staff/offerings/:offeringId/admission-rate`: null turns the waiting room off. */
export const AdmissionRateInputSchema = z.object({ admissionPerMinute: AdmissionPerMinuteSchema });
export type AdmissionRateInput = z.infer<typeof AdmissionRateInputSchema>;
