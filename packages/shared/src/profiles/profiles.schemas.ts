import { z } from 'zod';
import { PublicAccount } from '../routes/routes.schemas.js';
import { PublicQueue } from '../tickets/members.schemas.js';
import { LocalTimeString } from '../schedules/schedules.schemas.js';

/** Countries whose public holidays the product knows (docs/product.md#constants-and-limits). */
export const HOLIDAY_COUNTRIES = ['AT', 'DE', 'CH'] as const;
export type HolidayCountry = (typeof HOLIDAY_COUNTRIES)[number];

/** A new location's zone, and the zone of an account-wide view that names none. */
export const DEFAULT_TIME_ZONE = 'Europe/Vienna';
/** Where wartefrei keeps its books: the dates on its invoices, mails about the trial and the data processing agreement. */
export const VENDOR_TIME_ZONE = 'Europe/Vienna';

/** The canonical spelling of an IANA time zone, or undefined when the runtime does not know it. */
export function canonicalTimeZone(value: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * How a location's kiosk hands out the ticket: `OFF` shows the number and a QR code to the ticket
 * page on screen (nothing to set up; the default), `BROWSER` prints through the browser — silent
 * only in a browser started with `--kiosk-printing`, else a print dialog each time —, `SUNMI`
 * through the printer of the Sunmi kiosk app.
 */
export const KIOSK_PRINTING_MODES = ['OFF', 'BROWSER', 'SUNMI'] as const;
export type KioskPrinting = (typeof KIOSK_PRINTING_MODES)[number];

const addressLine = (max: number) => z.string().trim().max(max).nullable();

/** A location's postal address; every line may be left empty. */
export const AddressInput = z.strictObject({
  street1: addressLine(200).optional(),
  postcode: addressLine(20).optional(),
  city: addressLine(100).optional(),
  province: addressLine(100).optional(),
  country: addressLine(100).optional(),
});
export type AddressInput = z.infer<typeof AddressInput>;

const profileFields = {
  name: z.string().trim().min(1).max(100),
  identifier: z.string().trim().min(1).max(50),
  time_zone: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine((v) => canonicalTimeZone(v) !== undefined, 'INVALID_TIME_ZONE'),
  country: z.enum(HOLIDAY_COUNTRIES).nullable(),
  /** A state or canton code of `country` (date-holidays' codes: AT '9', DE 'BY', CH 'ZH'). */
  region: z.string().trim().toUpperCase().min(1).max(10).nullable(),
  address: AddressInput,
  kiosk_printing: z.enum(KIOSK_PRINTING_MODES),
  /** No offers of earlier times are sent from `start` to `end` (local 'HH:MM'; over midnight when end < start). */
  quiet_hours: z.strictObject({ start: LocalTimeString, end: LocalTimeString }),
};

/** `POST /profiles`: a new location. Name and identifier are required; the rest has defaults. */
export const CreateProfileInput = z.strictObject({
  ...z.object(profileFields).partial().shape,
  name: profileFields.name,
  identifier: profileFields.identifier,
});
export type CreateProfileInput = z.infer<typeof CreateProfileInput>;

/** `PATCH /profiles/{id}`: only what is sent changes; address lines merge with the stored ones. */
export const UpdateProfileInput = CreateProfileInput.partial();
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

export const Address = z.object({
  street1: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  country: z.string().nullable(),
});
export type Address = z.infer<typeof Address>;

/** A location as the API answers it. */
export const Profile = z.object({
  id: z.uuid(),
  name: z.string(),
  identifier: z.string(),
  time_zone: z.string(),
  country: z.enum(HOLIDAY_COUNTRIES).nullable(),
  region: z.string().nullable(),
  address: Address,
  kiosk_printing: z.enum(KIOSK_PRINTING_MODES),
  quiet_hours: z.object({ start: z.string(), end: z.string() }),
});
export type Profile = z.infer<typeof Profile>;
export const ProfileList = z.array(Profile);

/**
 * `GET /profiles/{id}/public` (no login): a location as the queue picker and the kiosk show it —
 * its queues (default first, then by priority, then name), each as `GET /queues/{id}/public`
 * answers it. Nothing about patients.
 */
export const PublicProfile = z.object({
  id: z.uuid(),
  name: z.string(),
  identifier: z.string(),
  account: PublicAccount,
  /** How its kiosk hands out the ticket (`…/sunmi_kiosk` always prints through the Sunmi app). */
  kiosk_printing: z.enum(KIOSK_PRINTING_MODES),
  queues: z.array(PublicQueue),
});
export type PublicProfile = z.infer<typeof PublicProfile>;
