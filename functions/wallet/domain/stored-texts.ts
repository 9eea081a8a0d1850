import type { Language, Localized } from '@shared/language';
import * as texts from './texts';
import * as vendingTexts from '../../vending/domain/texts';

/** The fixed texts a payment order may hold as its stored English `message` (older records hold only the English). */
const storedTexts: Localized[] = [
  texts.paymentDeclined, texts.paymentDeclinedOrCancelled, texts.paymentNotCompleted, texts.paymentNotStarted, texts.paymentRefunded, texts.paidNoSession,
  vendingTexts.paidAmountGone,
];

/**
 * The message a payment order stored (in English) in both languages: its stored translation while it is the
 * current message, one of the fixed texts, or the English as stored (a gateway's own words, an older record).
 */
export function storedText(order: { message?: string | null; messages?: Localized | null }): Localized | string | null {
  if (!order.message) return null;
  if (order.messages?.en === order.message) return order.messages;
  return storedTexts.find((text) => text.en === order.message) ?? order.message;
}

/** The stored message of a payment order in `language` (an English-only one as it is), or null. */
export function storedMessageIn(order: { message?: string | null; messages?: Localized | null }, language: Language): string | null {
  const text = storedText(order);
  return text === null || typeof text === 'string' ? text : text[language];
}
