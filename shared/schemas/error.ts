import * as z from '../zod';
import type { Language } from '../language';
import { lazySchema } from '../lazy-schema';
import { fieldMessageIn, type FieldIssue } from './field-messages';

/** Every non-2xx answer of the API. `fields` names each invalid field with its message. */
export const ApiError = /* @__PURE__ */ lazySchema(() => z.object({ message: z.string(), fields: z.optional(z.record(z.string(), z.string())) }));
export type ApiError = z.infer<typeof ApiError>;

/** zod issues -> `{ field: message }`, first message per field, in the reader's language (field-messages.ts). */
export function fieldMessages(issues: readonly FieldIssue[], language: Language): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= fieldMessageIn(issue, language);
  }
  return fields;
}
