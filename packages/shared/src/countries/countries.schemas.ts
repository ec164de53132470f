import { z } from 'zod';

/** One ISO 3166 country, named in the request's language. */
export const Country = z.object({ id: z.number().int(), name: z.string(), iso_code: z.string().length(2) });
export type Country = z.infer<typeof Country>;
export const CountryList = z.array(Country);
