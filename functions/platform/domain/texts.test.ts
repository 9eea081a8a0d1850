import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages, type Localized } from '@shared/language';
import { conflict, DomainError, invalid } from './errors';
import * as texts from './texts';

/** Every context's texts (functions/<context>/domain/texts.ts), so a new table is checked without being listed here. */
const tables = import.meta.glob<Record<string, unknown>>('../../*/domain/texts.ts', { eager: true });
/** The context of a table's file (this folder's own is the platform's, which vite names `./texts.ts`). */
const contextOf = (file: string) => (file === './texts.ts' ? 'platform' : file.split('/')[2]);

/** Every text, the ones with numbers or names filled in with a sample. */
const allTexts = Object.entries(tables).flatMap(([file, table]) =>
  Object.entries(table).map(([name, text]): [string, Localized] => [
    `${contextOf(file)}: ${name}`,
    typeof text === 'function' ? (text as (...args: unknown[]) => Localized)(2_500, 3) : (text as Localized),
  ]),
);

describe('the server texts', () => {
  it('are found in the platform and in the contexts', () => {
    expect(Object.keys(tables).map(contextOf)).toEqual(expect.arrayContaining(['platform', 'stations', 'vending', 'wallet', 'guests', 'fleet']));
  });
  it.each(allTexts)('%s has a non-empty English and Indonesian text, and they differ', (_name, text) => {
    for (const language of languages) expect(text[language]?.trim()).toBeTruthy();
    expect(text.id).not.toBe(text.en);
  });
});

/** Where an error keeps an English-only text: no person reads it (docs/design.md, "Error texts"). */
const englishOnly = [
  'http/route-handler.ts', // a request that bypassed CloudFront
  'vending/domain/es256-jwt.ts', // a station's signed report
  'wallet/domain/payment-confirmation.ts', 'wallet/domain/payment-reports.ts', // the payment gateway's notifications
  'wallet/domain/apple-pay.ts', 'wallet/providers/payment-gateway.ts', 'wallet/adapters/apple-pay/merchant-session.ts', // Apple Pay's merchant validation
  'wallet/domain/ledger-rules.ts', // programming guards
];

describe('the errors people read', () => {
  it('have both languages: an English-only text is raised only where no person reads it', () => {
    const files = (readdirSync('functions', { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.includes('.test'));
    const raising = files.filter((file) => /\b(?:invalid|unauthorized|forbidden|notFound|conflict|tooManyRequests|unavailable)\(\s*['"`]|new DomainError\(\d+, ['"`]/.test(readFileSync(join('functions', file), 'utf8')));
    expect(raising.sort()).toEqual([...englishOnly].sort());
  });
});

describe('a domain error', () => {
  it('keeps the English as its message and answers either language', () => {
    const error = new DomainError(503, texts.serviceUnavailable);
    expect(error.message).toBe('Service temporarily unavailable, please try again');
    expect(error.messageIn('id')).toBe('Layanan sedang tidak tersedia, silakan coba lagi');
    expect(new DomainError(403, 'Invalid signature').messageIn('id')).toBe('Invalid signature');
  });
  it('keeps the fact it answers as its cause, and has none when given none', () => {
    const fact = new Error('the book refused: balance-changed');
    expect(conflict(texts.invalidRequest, { cause: fact }).cause).toBe(fact);
    expect(invalid('Amount must be a positive whole number of rupiah', undefined, { cause: fact })).toMatchObject({ status: 400, cause: fact });
    expect('cause' in conflict(texts.invalidRequest)).toBe(false);
  });
});
