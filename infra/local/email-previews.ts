import { languages } from '@shared/language';
import { confirmEmailCodeEmail, passwordResetCodeEmail } from '@functions/accounts/domain/account-emails';
import { ticketAssignedEmail } from '@functions/fieldwork/domain/ticket-emails';
import { alertEmail } from '@functions/fleet/domain/alert-emails';
import { claimReceivedEmail, receiptEmail } from '@functions/guests/domain/guest-emails';
import { renderEmail, type EmailTemplate } from '@functions/platform/domain/email-template';
import type { Mailer } from '@functions/platform/ports/mailer';
import { claimOutcomeEmail } from '@functions/vending/domain/claim-emails';
import { payoutNoticeEmail, payoutOutcomeEmail, refundEmail } from '@functions/wallet/domain/withdrawal-emails';

/**
 * Every e-mail template with sample data for each of its variants, for `npm run emails` (docs/e-mails.md). A new
 * template gets its preview here; the test of this file fails for a template of `functions/<context>/domain/*-emails.ts`
 * that has none.
 */
interface EmailPreview<Data> {
  template: EmailTemplate<Data>;
  /** Sample data by variant name: amounts with thousands, a long station name, what the e-mail shows only sometimes. */
  samples: Record<string, Data>;
}

/** A preview under its name (`<context>.<e-mail>`), its samples' type checked against its template's. */
const preview = <Data>(template: EmailTemplate<Data>, samples: Record<string, Data>): EmailPreview<unknown> => ({ template, samples }) as EmailPreview<unknown>;

const REFILL_AT = '2026-11-27T22:41:07.000Z'; // 06:41 in Bali, the day after in UTC's calendar

/** The previews by name (`<context>.<e-mail>`), their links made by the mailer as the system's are. */
export const emailPreviews = (linkTo: Mailer['linkTo']): Record<string, EmailPreview<unknown>> => ({
  'accounts.confirm-email-code': preview(confirmEmailCodeEmail, { sample: { code: '482915' } }),
  'accounts.password-reset-code': preview(passwordResetCodeEmail, { sample: { code: '173454' } }),
  'guests.receipt': preview(receiptEmail, {
    'part-refunded': {
      machineName: 'Warung Sari, Jl. Raya Seminyak', orderId: 'GO-3F9A21C07B5E4D8A', link: linkTo('/r/GO-3F9A21C07B5E4D8A.sample-link-secret'),
      dispensedMl: 1234, volumeMl: 1500, amountIdr: 1500, chargedIdr: 1234, refundedIdr: 266, bottlesSaved: 2, co2SavedKg: 0.17,
      message: null, refundRefusedReason: null,
    },
    'refund-refused': {
      machineName: 'Canggu Beach Club', orderId: 'GO-8C21E5F0A9D34B17', link: linkTo('/r/GO-8C21E5F0A9D34B17.sample-link-secret'),
      dispensedMl: 0, volumeMl: 25_000, amountIdr: 25_000, chargedIdr: 0, refundedIdr: 0, bottlesSaved: 0, co2SavedKg: 0,
      message: null, refundRefusedReason: 'The refund window of this payment method has passed',
    },
  }),
  'guests.claim-received': preview(claimReceivedEmail, { sample: { machineName: 'Warung Sari, Jl. Raya Seminyak', orderId: 'GO-3F9A21C07B5E4D8A' } }),
  'vending.claim-outcome': preview(claimOutcomeEmail, {
    'credited-to-wallet': { outcome: 'credited', amountIdr: 12_350, creditedTo: 'wallet', machineName: 'Ubud Market', vendAt: REFILL_AT, receipt: null, reason: 'The pump reported a fault during your refill.' },
    'refunded-to-payment': { outcome: 'credited', amountIdr: 1234, creditedTo: 'payment', machineName: 'Warung Sari, Jl. Raya Seminyak', vendAt: null, receipt: 'GO-3F9A21C07B5E4D8A', reason: 'The meter was checked.' },
    declined: { outcome: 'declined', amountIdr: 0, creditedTo: 'wallet', machineName: 'Ubud Market', vendAt: REFILL_AT, receipt: null, reason: 'TDS was 40 ppm all day.' },
  }),
  'wallet.refund': preview(refundEmail, {
    sample: { withdrawalId: 'WD-5E0C7A91B2F34D6E8A1C9B70', refund: { orderId: 'TU-7D2E90A1C4B5', paymentMethod: 'gopay', paidAt: REFILL_AT, paid: 100_000, amount: 62_500 } },
  }),
  'wallet.payout-notice': preview(payoutNoticeEmail, {
    'with-destination': {
      withdrawalId: 'WD-5E0C7A91B2F34D6E8A1C9B70', to: 'DANA •••7891',
      lines: [
        { amountIdr: 25_000, reason: 'window_passed', orderId: 'TU-1A2B3C4D5E6F', paymentMethod: 'qris', paidAt: '2026-10-01T03:00:00.000Z', refundableUntil: '2026-10-08T03:00:00.000Z', detail: null },
        { amountIdr: 5000, reason: 'not_from_topup', orderId: null, paymentMethod: null, paidAt: null, refundableUntil: null, detail: null },
      ],
    },
    'no-destination-yet': {
      withdrawalId: 'WD-0B1C2D3E4F5A6B7C8D9E0F1A', to: null,
      lines: [{ amountIdr: 1_250_000, reason: 'gateway_refused', orderId: 'TU-9F8E7D6C5B4A', paymentMethod: 'card', paidAt: REFILL_AT, refundableUntil: null, detail: 'card expired' }],
    },
  }),
  'wallet.payout-outcome': preview(payoutOutcomeEmail, {
    paid: { withdrawalId: 'WD-5E0C7A91B2F34D6E8A1C9B70', amountIdr: 30_000, outcome: 'paid', to: 'DANA •••7891', transferReference: 'DANA-20261128-0042', note: '' },
    returned: { withdrawalId: 'WD-5E0C7A91B2F34D6E8A1C9B70', amountIdr: 30_000, outcome: 'returned', to: null, transferReference: null, note: 'The e-wallet number does not exist; please give another one.' },
  }),
  'fleet.alert': preview(alertEmail, {
    first: {
      alertId: 'HRL-00007.lowWater.1764283267000', rule: 'lowWater', stationId: 'HRL-00007', stationName: 'Sanur Beach Walk',
      detail: { en: 'Water level 12% (threshold 15%)', id: 'Tingkat air 12% (batas 15%)' }, openedAt: REFILL_AT, reminder: 0, link: linkTo('/admin/alerts'),
    },
    reminder: {
      alertId: 'HRL-00003.offline.1764283267000', rule: 'offline', stationId: 'HRL-00003', stationName: 'Kuta Square',
      detail: { en: 'No heartbeat for 16 minutes', id: 'Tidak ada heartbeat selama 16 menit' }, openedAt: REFILL_AT, reminder: 2, link: linkTo('/admin/alerts'),
    },
  }),
  'fieldwork.ticket-assigned': preview(ticketAssignedEmail, {
    sample: {
      assignedBy: 'admin@bali-refill.test', title: 'Problem reported', stationId: 'HRL-00001', stationName: 'Ubud Market',
      sources: [{ kind: 'report', at: REFILL_AT, detail: 'no-water: Tap dry' }, { kind: 'alert', at: '2026-11-28T01:15:00.000Z', detail: 'Water level 9% (threshold 15%)' }],
      link: linkTo('/admin/tickets/T-sample'),
    },
  }),
});

/** The outbox address of one rendered preview: its name, variant and language, so the outbox lists what it is. */
export const previewAddress = (name: string, variant: string, language: string) => `${name}.${variant}.${language}@preview.bali-refill.test`;

/** Renders every preview in both languages and sends each to the outbox through `mailer`; answers the addresses sent to. */
export async function sendEmailPreviews(mailer: Mailer): Promise<string[]> {
  const sent: string[] = [];
  for (const [name, { template, samples }] of Object.entries(emailPreviews((path) => mailer.linkTo(path)))) {
    for (const [variant, data] of Object.entries(samples)) {
      for (const language of languages) {
        const to = previewAddress(name, variant, language);
        await mailer.send({ to, ...renderEmail(template, data, language) });
        sent.push(to);
      }
    }
  }
  return sent;
}
