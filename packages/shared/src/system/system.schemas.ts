import { z } from 'zod';

export const SystemInformationQuery = z.object({ account_id: z.string().optional() });

/** `versionHash` changes whenever a new web build is deployed; clients offer a reload. */
export const SystemInformation = z.object({ versionHash: z.string() });
export type SystemInformation = z.infer<typeof SystemInformation>;
