import type { Language } from '@shared/language';
import type { Messages, Translation } from './define';
import { indonesianTexts, useLanguage } from './language';

export { defineMessages, type Messages, type Translation } from './define';

/** The texts in `language`, also outside React (the API client's own texts, in getLanguage()). */
export function messagesIn<T>(messages: Messages<T>, language: Language): Translation<T> {
  if (language === 'en') return messages.en;
  // Each Indonesian table is typed by its English one; messages.test.ts checks that the names pair them up.
  const indonesian: Record<string, unknown> = indonesianTexts();
  return indonesian[messages.name] as Translation<T>;
}

export function useMessages<T>(messages: Messages<T>): Translation<T> {
  return messagesIn(messages, useLanguage());
}
