/**
 * The two languages of every text a person reads, on screens, in the server's answers and in e-mails
 * (docs/design.md, "Error texts"; docs/architecture.md, "E-mail").
 */
export const languages = ['en', 'id'] as const;
export type Language = (typeof languages)[number];

/** A text in both languages; English is also what logs and old records hold. */
export type Localized = Record<Language, string>;

/** BCP 47 locale for dates and numbers in a language (the web app's; e-mails and exports write their own). */
export const localeOf = (language: Language) => (language === 'id' ? 'id-ID' : 'en-GB');

/** The language a tag names, or null for one we do not speak ('in' is the old code for Indonesian). */
export function languageOfTag(tag: string | null | undefined): Language | null {
  const base = tag?.trim().toLowerCase().split('-')[0];
  if (base === 'id' || base === 'in') return 'id';
  if (base === 'en') return 'en';
  return null;
}

/**
 * The language an Accept-Language header prefers: Indonesian when it ranks Indonesian above English (q-values
 * honoured, ties to the earlier), otherwise English; '*', a missing or an unreadable header is English.
 */
export function languageOf(header: string | null | undefined): Language {
  let best: { language: Language; q: number } | null = null;
  for (const part of (header ?? '').split(',')) {
    const [tag, ...params] = part.split(';');
    const language = languageOfTag(tag);
    if (!language) continue;
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language ?? 'en';
}
