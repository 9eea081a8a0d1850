import { baliDate, baliDateTime } from '@shared/bali-time';
import { toCsv } from '@shared/csv';
import type { AdminQueries } from '../../system/ports/admin-queries';
import type { Clock } from '../../platform/ports/clock';
import type { Ledger, LedgerEntry, LedgerTotals } from '../ports/ledger';
import { guestAccountOf, refundInFlightAccount } from '../ports/payment-orders';
import { isWithdrawalId } from '../ports/withdrawals';
import { transactionsOfDays } from './admin-transactions';
import { invalid } from '../../platform/domain/errors';
import * as texts from './texts';

/**
 * The journal of the book (docs/architecture.md, "The book"): every visible ledger entry read as double-entry lines.
 * An entry moves its account's balance (a liability: what we owe a person, a guest order, a refund or a withdrawal in
 * flight) and its receivable (an asset: what a person owes us); a single-sided entry names its counter account
 * (the gateway's clearing account, a station's revenue, claims, goodwill, payouts made by hand), a transfer's two legs
 * balance each other. Holds and releases are pending transfers and post nothing until a vend settles.
 */
export interface JournalLine {
  at: string;
  /** The transaction: its idempotency key, which every entry it wrote carries. */
  transaction: string;
  account: string;
  debit: number;
  credit: number;
  reference: string;
}

/** Where the lines of a transaction that does not balance go, so the day still adds up and the gap is visible. */
export const SUSPENSE_ACCOUNT = 'suspense';

const REFUNDING_PREFIX = refundInFlightAccount('');
const GUEST_PREFIX = guestAccountOf('');

/** The book's name of the account a ledger item holds: a person's wallet or one of the book's accounts in flight. */
export function bookAccountOf(userId: string): string {
  if (userId.startsWith(GUEST_PREFIX)) return `guest-order:${userId.slice(GUEST_PREFIX.length)}`;
  if (userId.startsWith(REFUNDING_PREFIX)) return `refund-in-flight:${userId.slice(REFUNDING_PREFIX.length)}`;
  if (isWithdrawalId(userId)) return `withdrawal:${userId}`;
  return `wallet:${userId}`;
}

/** A signed amount as a line: positive debits, negative credits. */
const line = (entry: LedgerEntry, account: string, debit: number): JournalLine => ({
  at: entry.createdAt, transaction: entry.idempotencyKey, account, debit: Math.max(debit, 0), credit: Math.max(-debit, 0), reference: entry.reference,
});

/** One entry's lines: its balance (a credit when the balance grows), its receivable, and its counter account. */
function linesOf(entry: LedgerEntry): JournalLine[] {
  const owed = entry.owed ?? 0;
  const lines: JournalLine[] = [];
  if (entry.amount !== 0) lines.push(line(entry, bookAccountOf(entry.userId), -entry.amount));
  if (owed !== 0) lines.push(line(entry, `receivable:${entry.userId}`, owed));
  if (entry.counter && entry.amount !== owed) lines.push(line(entry, entry.counter, entry.amount - owed));
  return lines;
}

/**
 * The journal lines of a set of entries, in their order, each transaction's lines together. A transaction whose lines
 * do not balance (an entry written without its counter account) gets a suspense line for the difference and is
 * counted in `unbalanced`: the book stays whole and the gap is named.
 */
export function journalOf(entries: LedgerEntry[]): { lines: JournalLine[]; transactions: number; unbalanced: string[] } {
  const byTransaction = new Map<string, JournalLine[]>();
  for (const entry of entries) {
    const lines = byTransaction.get(entry.idempotencyKey) ?? [];
    lines.push(...linesOf(entry));
    byTransaction.set(entry.idempotencyKey, lines);
  }
  const unbalanced: string[] = [];
  for (const [transaction, lines] of byTransaction) {
    const difference = lines.reduce((sum, l) => sum + l.debit - l.credit, 0);
    if (difference === 0 || lines.length === 0) continue;
    unbalanced.push(transaction);
    const first = lines[0]!;
    lines.push({ ...first, account: SUSPENSE_ACCOUNT, debit: Math.max(-difference, 0), credit: Math.max(difference, 0) });
  }
  return { lines: [...byTransaction.values()].flat(), transactions: byTransaction.size, unbalanced };
}

const JOURNAL_HEADER = ['Date (Bali time)', 'Transaction', 'Account', 'Debit (IDR)', 'Credit (IDR)', 'Reference'];

/** The journal as an accountant imports it: one line per entry line, oldest first, times on Bali's clock. */
export const journalCsv = (lines: JournalLine[]): string =>
  toCsv({ header: JOURNAL_HEADER, rows: lines.map((l) => [baliDateTime(l.at), l.transaction, l.account, l.debit || null, l.credit || null, l.reference]) });

/** A day of the book as the people who run the business read it (the admin's Book page). */
export interface BookDay {
  /** The day in Bali, YYYY-MM-DD. */
  date: string;
  /** Money the gateway took for us (top-ups, guest payments). */
  gatewayIn: number;
  /** Refunds the gateway paid back for us. */
  refundsOut: number;
  /** Revenue per station, largest first. */
  revenue: { stationId: string; amount: number }[];
  /** What customers hold in wallets: the day's change. */
  walletsChange: number;
  /** Guest orders, refunds and withdrawals on their way: the day's change. */
  inFlightChange: number;
  /** What customers owe us (receivables): the day's change. */
  receivablesChange: number;
  /** Claim credits given. */
  claims: number;
  /** Goodwill and admin adjustments (credits given minus corrections taken). */
  goodwill: number;
  /** Payouts made by hand from the company's bank. */
  manualPayouts: number;
  debits: number;
  credits: number;
  transactions: number;
  /** Transactions that did not balance (their difference is on the suspense account); 0 in a sound book. */
  unbalanced: number;
  /** Now, whatever the day: what customers and the accounts in flight hold, and what customers owe. */
  now: { held: number; owed: number };
}

/** The day's figures from its journal lines; `totals` gives what is held and owed now. */
export function bookDay(date: string, journal: ReturnType<typeof journalOf>, totals: LedgerTotals): BookDay {
  const net = new Map<string, number>();
  for (const l of journal.lines) net.set(l.account, (net.get(l.account) ?? 0) + l.debit - l.credit);
  const sum = (test: (account: string) => boolean, sign: 1 | -1) =>
    [...net].reduce((total, [account, debit]) => (test(account) ? total + sign * debit : total), 0);
  const gatewayLines = journal.lines.filter((l) => l.account === 'gateway');
  const revenue = [...net]
    .filter(([account]) => account.startsWith('revenue:'))
    .map(([account, debit]) => ({ stationId: account.slice('revenue:'.length), amount: -debit }))
    .filter((r) => r.amount !== 0)
    .sort((a, b) => b.amount - a.amount || a.stationId.localeCompare(b.stationId));
  const inFlight = /^(guest-order|refund-in-flight|withdrawal):/;
  return {
    date,
    gatewayIn: gatewayLines.reduce((t, l) => t + l.debit, 0),
    refundsOut: gatewayLines.reduce((t, l) => t + l.credit, 0),
    revenue,
    walletsChange: sum((a) => a.startsWith('wallet:'), -1),
    inFlightChange: sum((a) => inFlight.test(a), -1),
    receivablesChange: sum((a) => a.startsWith('receivable:'), 1),
    claims: sum((a) => a === 'claims', 1),
    goodwill: sum((a) => a === 'goodwill', 1),
    manualPayouts: sum((a) => a === 'manual-payouts', -1),
    debits: journal.lines.reduce((t, l) => t + l.debit, 0),
    credits: journal.lines.reduce((t, l) => t + l.credit, 0),
    transactions: journal.transactions,
    unbalanced: journal.unbalanced.length,
    now: { held: Object.values(totals.sum).reduce((t, v) => t + (v ?? 0), 0), owed: totals.owed },
  };
}

interface BookDeps {
  adminQueries: AdminQueries;
  ledger: Pick<Ledger, 'totals'>;
  clock: Clock;
}

/** The journal of one day in Bali (a day to come is a 400). */
export async function journalOfDay(date: string, deps: Pick<BookDeps, 'adminQueries' | 'clock'>) {
  if (date > baliDate(deps.clock.now())) throw invalid(texts.dayNotBegun, { date: texts.dayNotBegun.en });
  return journalOf(await transactionsOfDays({ from: date, to: date }, deps));
}

/** The Book page's day: its journal's figures, and what is held and owed now. */
export async function readBookDay(date: string, deps: BookDeps): Promise<BookDay> {
  const [journal, totals] = await Promise.all([journalOfDay(date, deps), deps.ledger.totals()]);
  return bookDay(date, journal, totals);
}
