import * as z from 'zod';

export const AddressResult = z.object({ displayName: z.string(), lat: z.string(), lon: z.string() });
export type AddressResult = z.infer<typeof AddressResult>;
export const AddressQuery = z.object({ q: z.string().trim().min(3, 'Type at least 3 characters').max(200) });
