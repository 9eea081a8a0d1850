import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '@shared/routes';
import { CommandAction } from '@shared/schemas/command';
import { fieldMessages } from '@shared/schemas/error';
import { GuestOrderRequest } from '@shared/schemas/guest';
import { Settings } from '@shared/schemas/settings';
import { TelemetryQuery } from '@shared/schemas/telemetry';
import { minimumTopupMessage } from '@shared/schemas/transaction';
import { SafetyLockInput, SafetyRecordInput } from '@shared/schemas/water-safety';
import { fieldPatterns, fieldTexts, indonesianFieldText } from './field-messages';

interface Node {
  _zod: { def: Record<string, unknown> & { checks?: { _zod: { def: { check: string; error?: () => unknown } } }[] } };
}
/** Every export of every schema module of this folder, by its name. */
const schemas: Record<string, unknown> = Object.assign(
  {},
  ...(await Promise.all(
    readdirSync(import.meta.dirname)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => import(`./${file}`) as Promise<Record<string, unknown>>),
  )),
);

const isSchema = (value: unknown): value is Node => typeof value === 'object' && value !== null && '_zod' in value;

/**
 * Every message the schemas word: the `error` of each schema and of each check (zod keeps a text as a function that
 * returns it), through objects, arrays, unions, optionals, defaults and pipes. A refinement that words its messages
 * in code (superRefine) is named by the export it sits in, to be parsed with bad inputs below.
 */
function schemaMessages() {
  const messages = new Set<string>();
  const refinedIn = new Set<string>();
  const seen = new Set<unknown>();
  const take = (error: unknown) => {
    const text = typeof error === 'function' ? (error as () => unknown)() : undefined;
    if (typeof text === 'string') messages.add(text);
  };
  const walk = (schema: unknown, owner: string) => {
    if (!isSchema(schema) || seen.has(schema._zod)) return;
    seen.add(schema._zod);
    const def = schema._zod.def;
    take(def.error);
    for (const check of def.checks ?? []) {
      take(check._zod.def.error);
      if (check._zod.def.check === 'custom' && !check._zod.def.error) refinedIn.add(owner);
    }
    for (const key of ['innerType', 'in', 'out', 'element', 'left', 'right', 'keyType', 'valueType']) walk(def[key], owner);
    for (const child of Object.values((def.shape ?? {}) as object)) walk(child, owner);
    for (const child of [...((def.options ?? []) as unknown[]), ...((def.items ?? []) as unknown[])]) walk(child, owner);
  };
  for (const [name, value] of Object.entries(schemas)) walk(value, name);
  for (const [id, route] of Object.entries(routes)) for (const part of ['params', 'query', 'body', 'response'] as const) walk((route as Record<string, unknown>)[part], id);
  return { messages, refinedIn };
}

/** Inputs that make each code-worded refinement say each of its messages. */
const refinementInputs: Record<string, { schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } }; inputs: unknown[] }> = {
  Settings: { schema: Settings, inputs: [{ alertRecipients: 'ops@example.com, not an address' }] },
  SafetyRecordInput: { schema: SafetyRecordInput, inputs: [{ kind: 'sanitation', date: '2999-01-01' }] },
  TelemetryQuery: {
    schema: TelemetryQuery,
    inputs: [
      { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      { from: '2026-01-01T00:00:00Z', to: '2027-01-01T00:00:00Z' },
      { from: '2026-01-01T00:00:00Z', to: '2026-01-31T00:00:00Z', step: 60 },
      { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z', step: 3600, cursor: 'x' },
    ],
  },
};

/**
 * What the domain writes into a 400's `fields` itself (`invalid(text, { field: '...' })`), read from its source; a
 * value in a template becomes a sample (a rupiah amount where formatRupiah writes one).
 */
function domainFieldMessages(): string[] {
  const files = (readdirSync('functions', { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const found: string[] = [];
  for (const file of files) {
    const source = readFileSync(join('functions', file), 'utf8');
    for (const call of source.matchAll(/invalid\([^;]*?\{ (?:\w+|'[\w.]+'): (?:'([^']+)'|`([^`]+)`) \}\)/g)) {
      found.push(call[1] ?? call[2]!.replace(/\$\{formatRupiah\([^}]*\)\}/g, 'Rp 1.000').replace(/\$\{[^}]*\}/g, '1'));
    }
    // An upload's refusals (domain/uploads.ts) name their field texts in `fieldMessages: { ... }`.
    for (const texts of source.matchAll(/fieldMessages: \{([^}]*)\}/g)) found.push(...[...texts[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!));
  }
  return [...found, minimumTopupMessage(10_000)];
}

describe('field messages in Indonesian (shared/schemas/field-messages.ts)', () => {
  const { messages, refinedIn } = schemaMessages();
  const refined = Object.values(refinementInputs).flatMap(({ schema, inputs }) => inputs.flatMap((input) => schema.safeParse(input).error?.issues.map((i) => i.message) ?? []));
  const domain = domainFieldMessages();
  const english = [...messages, ...refined, ...domain];

  it('reads the messages it checks: schema texts, every code-worded refinement and the domain fields', () => {
    expect(messages.size).toBeGreaterThan(100);
    expect([...refinedIn].sort()).toEqual(Object.keys(refinementInputs).sort());
    expect(refined).toEqual(expect.arrayContaining(['The date cannot be in the future', 'to must be after from', 'Bucketed readings come in one page']));
    expect(refined.some((m) => m.startsWith('Not an e-mail address: not an address'))).toBe(true);
    expect(domain).toEqual(expect.arrayContaining(['Required for Google Pay and Apple Pay', 'At most 1 ml', 'At most Rp 1.000 (what the refill charged)', 'Minimum top up amount is Rp 10,000', 'Upload the photo first', 'Larger than 5 MB', 'Unknown stations: 11']));
  });

  it('has Indonesian for every English field message', () => {
    expect(english.filter((m) => indonesianFieldText(m) === undefined)).toEqual([]);
  });

  it('holds no text and no pattern that nothing says any more', () => {
    expect(Object.keys(fieldTexts).filter((m) => !english.includes(m))).toEqual([]);
    expect(fieldPatterns.filter(([pattern]) => !english.some((m) => pattern.test(m))).map(([pattern]) => String(pattern))).toEqual([]);
  });

  it('carries values over in the Indonesian way', () => {
    expect(indonesianFieldText('At most 500 characters')).toBe('Paling banyak 500 karakter');
    expect(indonesianFieldText('At most Rp 1.000.000')).toBe('Paling banyak Rp 1.000.000');
    expect(indonesianFieldText('At most 1.5 L')).toBe('Paling banyak 1,5 L');
    expect(indonesianFieldText('limit is at most 100')).toBe('limit paling banyak 100');
    expect(indonesianFieldText('Not an e-mail address: a, b (separate addresses with commas)')).toBe('Bukan alamat e-mail: a, b (pisahkan alamat dengan koma)');
  });

  it('writes money in the one style of both languages (docs/design.md, "Money and units"), the price limit too', () => {
    const issues = CommandAction.safeParse({ type: 'setPrice', pricePerLitre: 2_000_000 }).error!.issues;
    expect(fieldMessages(issues, 'en')).toEqual({ pricePerLitre: 'At most Rp 1.000.000' });
    expect(fieldMessages(issues, 'id')).toEqual({ pricePerLitre: 'Paling banyak Rp 1.000.000' });
  });

  it("answers a parse's fields in the language asked, zod's own messages too", () => {
    const issues = SafetyLockInput.safeParse({ note: '' }).error!.issues;
    expect(fieldMessages(issues, 'en')).toEqual({ note: 'Say why the station is locked' });
    expect(fieldMessages(issues, 'id')).toEqual({ note: 'Jelaskan mengapa stasiun dikunci' });
    const long = SafetyLockInput.safeParse({ note: 'x'.repeat(501) }).error!.issues;
    expect(fieldMessages(long, 'id')).toEqual({ note: 'Paling banyak 500 karakter' });
    // No text of ours: `.max(64)` of a guest order's station and a missing method's own check.
    const own = GuestOrderRequest.safeParse({ stationId: 'S'.repeat(65), volumeMl: 1500, paymentMethod: 'qris' }).error!.issues;
    expect(fieldMessages(own, 'en').stationId).toMatch(/^Too big/);
    expect(fieldMessages(own, 'id')).toEqual({ stationId: 'Paling banyak 64 karakter' });
  });
});
