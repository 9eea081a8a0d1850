import type { Language } from '@shared/language';

/**
 * What an e-mail template writes in one language: the subject and the body's lines. A line that is false, null or
 * undefined is left out, so a part shown only sometimes reads `condition && 'line'`.
 */
interface EmailWriting {
  subject: string;
  lines: readonly (string | false | null | undefined)[];
}

/**
 * One e-mail in both languages, from the data it shows (docs/architecture.md, "E-mail"): each context keeps its
 * templates in `functions/<context>/domain/*-emails.ts`, and the use case picks the language of the person it goes to.
 */
export type EmailTemplate<Data> = Record<Language, (data: Data) => EmailWriting>;

/** A rendered e-mail, ready for the Mailer's `send` with its `to`. Plain text: the product sends no HTML. */
export interface RenderedEmail {
  subject: string;
  text: string;
}

export function renderEmail<Data>(template: EmailTemplate<Data>, data: Data, language: Language): RenderedEmail {
  const { subject, lines } = template[language](data);
  return { subject, text: lines.filter((line): line is string => typeof line === 'string').join('\n') };
}
