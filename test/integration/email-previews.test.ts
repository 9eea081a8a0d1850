import { describe, expect, it } from 'vitest';
import { languages } from '@shared/language';
import { SmtpMailer } from '../../infra/local/adapters/smtp-mailer';
import { emailPreviews, previewAddress, sendEmailPreviews } from '../../infra/local/email-previews';
import { local } from '../support/local';
import { outboxMessages } from '../support/outbox';

/** Issue 33 item 6: `npm run emails` renders every e-mail template, in both languages, to the local outbox. */

// Every template of every context: what a `*-emails.ts` of a context's domain exports with a writer per language.
const templateModules = import.meta.glob<Record<string, unknown>>('../../functions/*/domain/*-emails.ts', { eager: true });
const isTemplate = (value: unknown) => typeof value === 'object' && value !== null && languages.every((l) => typeof (value as Record<string, unknown>)[l] === 'function');
const everyTemplate = Object.entries(templateModules).flatMap(([file, module]) => Object.entries(module).filter(([, value]) => isTemplate(value)).map(([name, template]) => ({ name: `${file}: ${name}`, template })));

describe('npm run emails', () => {
  it('has a preview of every template of every context', () => {
    const previewed = new Set(Object.values(emailPreviews((path) => path)).map((p) => p.template));
    expect(everyTemplate.length).toBeGreaterThanOrEqual(10);
    expect(everyTemplate.filter(({ template }) => !previewed.has(template as never)).map(({ name }) => name)).toEqual([]);
  });

  it('sends each variant of each template in English and Bahasa Indonesia to the outbox, links on the site', async () => {
    const since = Date.now() - 1000; // the outbox's clock is this machine's; its times have whole-second precision
    const mailer = new SmtpMailer(local().mail.smtp, local().mail.from, 'https://refill.example');
    const sent = await sendEmailPreviews(mailer).finally(() => mailer.close());

    const previews = emailPreviews((path) => path);
    const expected = Object.entries(previews).flatMap(([name, { samples }]) => Object.keys(samples).flatMap((variant) => languages.map((l) => previewAddress(name, variant, l))));
    expect(sent.sort()).toEqual(expected.sort());

    const received = (await outboxMessages(local().mail.messages)).filter((m) => Date.parse(m.time) >= since && m.to[0]?.address.endsWith('@preview.bali-refill.test'));
    const byAddress = new Map(received.map((m) => [m.to[0]!.address, m]));
    expect([...byAddress.keys()].sort()).toEqual(expected.sort());
    // Each language its own: the Indonesian receipt is not the English one, and its litres read the Indonesian way.
    const receipt = (language: string) => byAddress.get(previewAddress('guests.receipt', 'part-refunded', language))!;
    expect(receipt('en').subject).toBe('Your Bali Refill receipt: 1.234 L, refund Rp 266');
    expect(receipt('id').subject).toBe('Struk Bali Refill Anda: 1,234 L, dikembalikan Rp 266');
    expect(receipt('id').text).toContain('Struk Anda: https://refill.example/r/GO-3F9A21C07B5E4D8A.sample-link-secret');
    expect(byAddress.get(previewAddress('accounts.password-reset-code', 'sample', 'id'))!.subject).toBe('Atur ulang kata sandi Bali Refill Anda');
  });
});
