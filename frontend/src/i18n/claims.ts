import { defineMessages } from './messages';

/** "I didn't get my water": the claim sheet on a history row and the claim's state (docs/architecture.md, "Claims"). */
export const claimTexts = defineMessages('claimTexts', {
  open: 'Report a problem with this refill',
  title: 'What went wrong with this refill?',
  refill: (station: string, when: string) => `${station}, ${when}`,
  kinds: { not_dispensed: 'No water came out', dispensed_less: 'Less water than I was charged for', tasted_wrong: 'The water tasted wrong' },
  note: 'Anything else we should know? (optional)',
  notePlaceholder: 'e.g. it stopped after a few seconds',
  send: 'Send',
  sending: 'Sending...',
  cancel: 'Cancel',
  failed: 'The claim could not be sent. Check your connection and try again.',
  state: {
    pending: 'Claim sent: the team is looking at it',
    credited: (amount: string) => `Claim accepted: ${amount} back in your wallet`,
    declined: (reason: string) => `Claim declined: ${reason}`,
  },
});

/** The admin console's claims queue. */
export const adminClaims = defineMessages('adminClaims', {
  title: 'Claims queue',
  intro: "Claims the station's own record does not support. Look at the station's readings around the refill, then credit up to what it charged or decline with a reason (the person is e-mailed).",
  empty: 'No claims are waiting.',
  loadError: 'The claims could not be loaded.',
  count: (n: number) => (n === 1 ? '1 claim waiting' : `${n} claims waiting`),
  kinds: { not_dispensed: 'Did not dispense', dispensed_less: 'Dispensed less', tasted_wrong: 'Tasted wrong' },
  charged: (amount: string, ml: string) => `Charged ${amount} for ${ml} ml`,
  review: 'Review',
  reviewLabel: (session: string) => `Review the claim on session ${session}`,
  dialogTitle: 'Review claim',
  telemetry: 'Station readings around the refill',
  noReadings: 'No readings in this window.',
  events: 'Connection events',
  noEvents: 'No connection events in this window.',
  columns: { at: 'Time', level: 'Water %', tds: 'TDS ppm', temperature: '°C', dispensed: 'Dispensed ml (counter)', failures: 'Failures' },
  decision: 'Decision',
  credit: 'Credit',
  decline: 'Decline',
  amount: 'Amount to credit (Rp)',
  amountHint: (max: string) => `1 up to ${max}, what the refill charged`,
  amountInvalid: (max: string) => `Enter whole rupiah from 1 to ${max}`,
  reason: 'Reason (the person reads it)',
  reasonRequired: 'Give a reason',
  emailLanguage: (language: string) => `E-mail will be sent in ${language}: write the reason in it`,
  languageNames: { en: 'English', id: 'Bahasa Indonesia' },
  submit: 'Resolve',
  cancel: 'Cancel',
  done: 'Claim resolved',
  failed: 'The claim could not be resolved.',
  note: (note: string) => `Note: ${note}`,
});
