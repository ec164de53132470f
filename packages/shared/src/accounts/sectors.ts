/**
 * The practice's field ("sector", docs/product.md#entities): chosen in onboarding,
 * it sets what a new waiting list starts with — its name (in the staff screens' catalogues,
 * `onboarding.sectors.<SECTOR>.listName`), its average visit and its text before the ticket.
 */
export const SECTORS = ['GENERAL_PRACTICE', 'DENTISTRY', 'PAEDIATRICS', 'LABORATORY', 'PHARMACY', 'AUTHORITY', 'OTHER'] as const;
export type Sector = (typeof SECTORS)[number];

/** The average visit in minutes a first list of the field starts with (the estimate learns the real one). */
export const SECTOR_AVERAGE_MINUTES: Record<Sector, number> = {
  GENERAL_PRACTICE: 8,
  DENTISTRY: 20,
  PAEDIATRICS: 12,
  LABORATORY: 4,
  PHARMACY: 3,
  AUTHORITY: 10,
  OTHER: 10,
};
