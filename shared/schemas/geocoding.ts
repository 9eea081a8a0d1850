import * as z from '../zod';
import { lazySchema } from '../lazy-schema';

export const AddressResult = /* @__PURE__ */ lazySchema(() => z.object({ displayName: z.string(), lat: z.string(), lon: z.string() }));
export type AddressResult = z.infer<typeof AddressResult>;
export const AddressQuery = /* @__PURE__ */ lazySchema(() => z.object({ q: z.string().check(z.trim(), z.minLength(3, 'Type at least 3 characters'), z.maxLength(200)) }));
