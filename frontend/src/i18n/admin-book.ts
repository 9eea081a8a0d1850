import { defineMessages } from './messages';
import { countInEnglish as count } from './counts';

/** The console's Book page: one day of the book in Bali, and its journal for the accountant. */
export const adminBook = defineMessages('adminBook', {
  title: 'Book',
  intro: 'What the money did on one day in Bali: what the payment gateway took in and paid back, what each station earned, what customers hold and owe, and the credits given. The journal is the same day line by line, for the accountant.',
  back: 'Back to the dashboard',
  dashboardLink: 'Book',
  day: 'Day',
  previousDay: 'Previous day',
  nextDay: 'Next day',
  download: 'Download journal (CSV)',
  downloading: 'Downloading...',
  downloadFailed: 'The journal could not be downloaded',
  loading: 'Reading the book...',
  loadError: 'The book of this day could not be loaded.',
  retry: 'Try again',
  empty: 'No money moved on this day.',
  gatewayIn: 'Money in from the gateway',
  gatewayInHint: 'Top-ups and guest payments',
  refundsOut: 'Refunds out',
  refundsOutHint: 'Paid back through the gateway',
  revenue: 'Revenue',
  revenueHint: (n: number) => (n === 1 ? 'Water sold at 1 station' : `Water sold at ${count(n)} stations`),
  revenuePerStation: 'Revenue per station',
  noRevenue: 'No water was sold on this day.',
  customers: "Customers' money: the day's change",
  wallets: 'Held in wallets',
  inFlight: 'In flight: guest orders, refunds and withdrawals',
  receivables: 'Owed by customers (receivables)',
  credits: 'Credits given and payouts',
  claims: 'Claim credits',
  goodwill: 'Goodwill and adjustments',
  manualPayouts: 'Payouts by hand',
  balanced: 'Balanced',
  notBalanced: 'Not balanced',
  totals: (debits: string, credits: string, transactions: number) =>
    `Debits ${debits} = credits ${credits}, ${transactions === 1 ? '1 transaction' : `${transactions} transactions`}`,
  unbalanced: (n: number) =>
    n === 1
      ? '1 transaction does not balance: its difference is on the suspense account (see the journal).'
      : `${n} transactions do not balance: their difference is on the suspense account (see the journal).`,
  now: 'Now',
  nowHint: 'Whatever the day shown',
  held: 'Held by customers and accounts in flight',
  owed: 'Owed by customers',
});
