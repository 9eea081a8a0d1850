import type { Language, Localized } from '@shared/language';
import * as texts from './texts';

/**
 * An error's text in both languages, or English only where no person reads it: a station's, the payment gateway's and
 * Apple Pay's answers, the programming guards (docs/design.md, "Error texts").
 */
export type ErrorText = string | Localized;

/**
 * Errors the domain raises; the HTTP adapter maps each to its status. `message` is the English (logs); the answer
 * is in the request's language when the error has both (docs/design.md, "Error texts"). `options.cause`, as for any
 * Error: the fact it answers (an adapter's refusal), for the logs and for a caller that asks why.
 */
export class DomainError extends Error {
  readonly localized?: Localized;
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 501 | 503,
    text: ErrorText,
    readonly fields?: Record<string, string>,
    options?: ErrorOptions,
  ) {
    super(typeof text === 'string' ? text : text.en, options);
    this.name = 'DomainError';
    if (typeof text !== 'string') this.localized = text;
  }

  /** The message in `language`, or the English where the error has only that. */
  messageIn(language: Language): string {
    return this.localized?.[language] ?? this.message;
  }
}

export const invalid = (text: ErrorText, fields?: Record<string, string>, options?: ErrorOptions) => new DomainError(400, text, fields, options);
export const unauthorized = (text: ErrorText = texts.signInRequired, options?: ErrorOptions) => new DomainError(401, text, undefined, options);
export const forbidden = (text: ErrorText = texts.noAccess, options?: ErrorOptions) => new DomainError(403, text, undefined, options);
export const notFound = (text: ErrorText, options?: ErrorOptions) => new DomainError(404, text, undefined, options);
export const conflict = (text: ErrorText, options?: ErrorOptions) => new DomainError(409, text, undefined, options);
export const tooManyRequests = (text: ErrorText, options?: ErrorOptions) => new DomainError(429, text, undefined, options);
export const unavailable = (text: ErrorText, options?: ErrorOptions) => new DomainError(503, text, undefined, options);

/**
 * A dependency that cannot serve now (over its request rate, refusing for a while): a fact an adapter reports, without
 * words of its own. The HTTP adapter answers it as it answers a dependency it cannot reach: 503 "Service temporarily
 * unavailable, please try again" in the caller's language (docs/architecture.md, "Errors: facts and answers").
 */
export class DependencyUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DependencyUnavailable';
  }
}
