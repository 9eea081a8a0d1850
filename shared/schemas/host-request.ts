import * as z from '../zod';
import { lazySchema } from '../lazy-schema';

export const businessTypeOptions = [
  { value: 'cafe', label: 'Cafe/Restaurant' },
  { value: 'retail', label: 'Retail Store' },
  { value: 'gym', label: 'Gym/Fitness Center' },
  { value: 'hotel', label: 'Hotel/Accommodation' },
  { value: 'office', label: 'Office Building' },
  { value: 'community', label: 'Community Center' },
  { value: 'other', label: 'Other' },
] as const;
export const footfallOptions = [
  { value: '50-100', label: '50-100 daily visitors' },
  { value: '100-300', label: '100-300 daily visitors' },
  { value: '300-500', label: '300-500 daily visitors' },
  { value: '500+', label: '500+ daily visitors' },
] as const;
export const hostRequestStatuses = ['pending', 'contacted', 'approved', 'rejected'] as const;

type Values<T extends readonly { value: string }[]> = { [K in keyof T]: T[K]['value'] };
const values = <const T extends readonly { value: string }[]>(options: T) => options.map((o) => o.value) as unknown as Values<T>;

const BusinessType = /* @__PURE__ */ lazySchema(() => z.enum(values(businessTypeOptions), { error: 'Choose a business type' }));
const ExpectedFootfall = /* @__PURE__ */ lazySchema(() => z.enum(values(footfallOptions), { error: 'Choose the expected daily visitors' }));
const HostRequestStatus = /* @__PURE__ */ lazySchema(() => z.enum(hostRequestStatuses));

const required = (label: string, max = 200) =>
  z.string({ error: `${label} is required` }).check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label} is too long`));

/** What a business submits through the partner form (docs/design.md, "Validation"). */
export const HostRequestInput = /* @__PURE__ */ lazySchema(() => z.object({
  businessName: required('Business name'),
  contactName: required('Contact name'),
  email: z.email({ error: 'Enter a valid email address' }).check(z.maxLength(254)),
  phone: required('Phone', 40).check(z.regex(/^[+()\d\s-]{6,}$/, 'Enter a valid phone number')),
  address: required('Address', 500),
  businessType: BusinessType,
  expectedFootfall: ExpectedFootfall,
  comments: z._default(z.optional(z.string().check(z.trim(), z.maxLength(2000, 'Comments are too long'))), ''),
}));
export type HostRequestInput = z.input<typeof HostRequestInput>;

export const HostRequest = /* @__PURE__ */ lazySchema(() => z.object({
  id: z.string(),
  businessName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  businessType: BusinessType,
  expectedFootfall: ExpectedFootfall,
  comments: z.string(),
  status: HostRequestStatus,
  adminNotes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
}));
export type HostRequest = z.infer<typeof HostRequest>;

/** Admin edit: a status-only change from the dropdown, or the whole form. */
export const HostRequestPatch = /* @__PURE__ */ lazySchema(() => z.extend(z.partial(z.extend(HostRequestInput, {
  // No default here: a status-only change must leave the stored comments alone.
  comments: z.string().check(z.trim(), z.maxLength(2000, 'Comments are too long')),
})), {
  status: z.optional(HostRequestStatus),
  adminNotes: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
}));
