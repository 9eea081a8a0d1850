import { guestAccountOf, guestRefundKeys, refundInFlightAccount, type PaymentOrder } from '@functions/wallet/ports/payment-orders';
import type { ClaimRecord } from '@functions/vending/ports/claims';
import type { Hold, LedgerEntry, LedgerTotals } from '@functions/wallet/ports/ledger';
import type { PaymentNotification } from '@functions/wallet/ports/payment-gateway';
import type { VendSession } from '@functions/vending/ports/vend-sessions';
import { isWithdrawalId, type WithdrawalRecord } from '@functions/wallet/ports/withdrawals';
import type { MadeRefund } from '@functions/wallet/adapters/sandbox-gateway/control';
import { paidSessionId } from '@functions/vending/domain/vend-paid';
import { bookOf } from '../book-checks';
import { inBatches, PATHS, type PathName, type Sim, type SimOrder, type SimSession } from './kit';

/**
 * The money simulation's invariants, read from the table after the run (docs/architecture.md, "The money simulation").
 * readBook takes one snapshot of every account the simulation's money touched (people's wallets and the book's own:
 * guest orders, refunds in flight, withdrawals) with all their entries, the orders with the gateway's own status, the
 * sessions, claims and withdrawals; each invariant is a small function over it, in INVARIANTS. Adding one is adding a
 * function to the list.
 */

interface Account {
  id: string;
  /** Whether the account item exists (an account is opened by its first entry). */
  exists: boolean;
  balance: number;
  owed: number;
  /** Every entry of the account, oldest first. */
  entries: LedgerEntry[];
  /** The path whose money it is, when it is one path's (a guest order's account, a withdrawal's); people's wallets are every path's. */
  path?: PathName;
}

export interface Book {
  accounts: Map<string, Account>;
  /** Entries of every account of the book, by idempotency key. */
  byKey: Map<string, LedgerEntry[]>;
  /** Every visible entry written while the simulation ran, of any account (the ledger's collection), for the running totals. */
  entriesMeanwhile: LedgerEntry[];
  totals: { before: LedgerTotals; after: LedgerTotals };
  /** People the simulation signed up. */
  people: number;
  orders: { sim: SimOrder; stored: PaymentOrder | null; gateway: PaymentNotification | null }[];
  /** Refunds the gateway made through its refund API (its own books), of the simulation's orders. */
  gatewayRefunds: MadeRefund[];
  sessions: { sim: SimSession; stored: VendSession | null; hold: Hold | null; incident: Awaited<ReturnType<Sim['svc']['vendSessions']['incident']>> }[];
  /** Offline tokens redeemed at a second station. */
  offlineAgain: Sim['records']['offlineAgain'];
  claims: { sessionId: string; path: PathName; session: SimSession | undefined; stored: ClaimRecord | null }[];
  withdrawals: { record: WithdrawalRecord; path: PathName }[];
}

/** Records one check: a violation is unexplained, on the path whose money it is (or the book's). */
type Expect = (ok: boolean, example: () => string, path?: PathName) => void;
/** Counts what the table shows, on a path's table. */
export type Note = (path: PathName, outcome: string) => void;

interface InvariantCheck {
  name: string;
  check(book: Book, expect: Expect, note: Note): void;
}

const sum = (entries: LedgerEntry[], f: (e: LedgerEntry) => number) => entries.reduce((s, e) => s + f(e), 0);
/** What an entry took from an account, counting what it left owed (a charge the balance did not cover). */
const taken = (e: LedgerEntry) => -e.amount + (e.owed ?? 0);
const entriesWithKey = (book: Book, key: string, account?: string) => (book.byKey.get(key) ?? []).filter((e) => account === undefined || e.userId === account);
const entriesWithPrefix = (book: Book, prefix: string) => [...book.byKey.entries()].filter(([key]) => key.startsWith(prefix)).flatMap(([, e]) => e);

/** Transfers of the book (docs/architecture.md, "The book"): idempotency keys whose two entries are on two accounts. */
const TRANSFER_KEYS = ['withdrawal-reserve:', 'withdrawal-void:', 'payout-returned:', 'refund-pending:', 'refund-void:', 'guest-claim:', 'guest-claim-credit:'];

/** The journal of every account of the run, read once for the invariants that need it. */
const journals = new WeakMap<Book, ReturnType<typeof bookOf>>();
function journalOfBook(book: Book) {
  let journal = journals.get(book);
  if (!journal) journals.set(book, (journal = bookOf([...book.accounts.values()].flatMap((a) => a.entries))));
  return journal;
}

const INVARIANTS: InvariantCheck[] = [
  {
    name: 'every litre: charged = dispensed (on time, late, or owed), or an open incident with its reason',
    check(book, expect, note) {
      for (const { sim: s, stored: session, hold, incident } of book.sessions) {
        const expected = Math.min(s.maxMl, s.truth) * s.pricePerLitre / 1000;
        if (!session) {
          expect(false, () => `${s.id}: no session`, s.path);
          continue;
        }
        if (session.status === 'open') {
          const held = incident?.status === 'open' && Boolean(incident.lastReport.reason) && hold?.status === 'open';
          note(s.path, held ? 'open incident, hold kept (nobody resolved it)' : 'still open (unexplained)');
          expect(held && s.mayStayOpen, () => `${s.id} (${s.kind}): open, incident ${incident?.status ?? 'none'}`, s.path);
          continue;
        }
        const late = entriesWithKey(book, `late:${s.id}`, s.account);
        const owed = sum(late, (e) => e.owed ?? 0);
        const charged = (hold?.status === 'settled' ? hold.charged ?? 0 : 0) + sum(late, taken);
        note(s.path, session.settledLate ? (owed ? 'settled late, partly owed (receivable)' : 'settled late (after the sweep)')
          : session.status === 'completed' ? 'settled on time' : `${session.status}, hold released`);
        if (incident) note(s.path, incident.status === 'resolved' ? `incident resolved by ${incident.resolution!.by.split(':')[0]}` : 'incident left open on a closed session');
        expect(charged === expected && (session.status !== 'completed' || session.dispensedMl === Math.min(s.maxMl, s.truth)) && (!incident || incident.status === 'resolved'),
          () => `${s.id} (${s.kind}): dispensed ${s.truth} ml, expected Rp ${expected}, charged Rp ${charged} (${session.status} with ${session.dispensedMl} ml${session.settledLate ? ', late' : ''}, hold ${hold?.status}, incident ${incident ? `${incident.status}: ${incident.reports} reports, first ${incident.firstReport.at}, last ${incident.lastReport.at}` : 'none'}, closed ${session.closedAt})`, s.path);
      }
    },
  },
  {
    name: 'every offline token redeemed at a second station: charged late once, what it dispensed and never more than one allowance, the rest owed',
    check(book, expect, note) {
      for (const again of book.offlineAgain) {
        const charges = entriesWithKey(book, `offline:${again.jti}:${again.stationId}`, again.account);
        const charged = sum(charges, taken);
        const expected = Math.min(Math.round((again.truth * again.pricePerLitre) / 1000), again.allowanceIdr);
        note(PATHS.offlineVend, sum(charges, (e) => e.owed ?? 0) ? 'second station: charged late, partly owed' : 'second station: charged late');
        expect(charged === expected && expected <= again.allowanceIdr, () => `${again.jti} at ${again.stationId}: dispensed ${again.truth} ml, expected Rp ${expected}, charged Rp ${charged}`, PATHS.offlineVend);
      }
    },
  },
  {
    name: "every payment order: credited - refunded in the ledger = paid - refunded in the gateway's own status, each refund once",
    check(book, expect, note) {
      for (const { sim: order, stored, gateway } of book.orders) {
        if (!stored) {
          expect(false, () => `${order.id}: no order`, order.path);
          continue;
        }
        const paid = gateway?.outcome === 'settled' || gateway?.outcome === 'refunded';
        const listed = gateway?.refunds ?? [];
        const refundedByGateway = Math.min(order.amount, listed.reduce((s, r) => s + r.amount, 0));
        const credits = entriesWithKey(book, order.id, order.account).filter((e) => e.type === 'topup');
        const refunds = entriesWithPrefix(book, `refund:${order.id}:`);
        const refunded = sum(refunds, taken);
        note(order.path, `order ${order.kind}: ${paid ? (refundedByGateway ? 'paid, refunded' : 'paid') : gateway?.gatewayStatus ?? 'unknown to the gateway'}`);
        expect(
          (paid ? credits.length === 1 && credits[0]!.amount === order.amount : credits.length === 0)
            && sum(credits, (e) => e.amount) - refunded === (paid ? order.amount : 0) - refundedByGateway
            && new Set(refunds.map((e) => e.idempotencyKey)).size === new Set(listed.map((r) => r.key)).size && listed.length === new Set(listed.map((r) => r.key)).size
            && (stored.refunded ?? 0) === refunded,
          () => `${order.id} (Rp ${order.amount}): gateway ${gateway?.gatewayStatus} with refunds ${JSON.stringify(listed)}; ledger ${credits.length} credits, refunds ${JSON.stringify(refunds.map((e) => [e.userId, e.idempotencyKey, e.amount, e.owed ?? 0]))}, order says Rp ${stored.refunded ?? 0} (${JSON.stringify(stored.refundKeys ?? [])})`,
          order.path,
        );
      }
    },
  },
  {
    name: 'the book in double entry: every transaction balanced (nothing on the suspense account), the whole book summing to zero',
    check(book, expect) {
      const journal = journalOfBook(book);
      for (const key of journal.unbalanced) expect(false, () => `transaction ${key} does not balance: ${JSON.stringify((book.byKey.get(key) ?? []).map((e) => [e.userId, e.type, e.amount, e.owed ?? 0, e.counter]))}`);
      expect(journal.sum === 0, () => `the book sums to ${journal.sum}, not 0`);
    },
  },
  {
    name: "every payment order: the gateway's clearing account in the book = paid - refunded in the gateway's own status",
    check(book, expect) {
      const journal = journalOfBook(book);
      for (const { sim: order, gateway } of book.orders) {
        const paid = gateway?.outcome === 'settled' || gateway?.outcome === 'refunded' ? order.amount : 0;
        const refunded = Math.min(order.amount, (gateway?.refunds ?? []).reduce((s, r) => s + r.amount, 0));
        expect(journal.clearingOf(order.id) === paid - refunded, () => `${order.id}: clearing Rp ${journal.clearingOf(order.id)}, the gateway says paid Rp ${paid} - refunded Rp ${refunded}`, order.path);
      }
    },
  },
  {
    name: 'every credit of a payment: an order the simulation made',
    check(book, expect) {
      const orders = new Set(book.orders.map((o) => o.sim.id));
      for (const account of book.accounts.values()) {
        for (const e of account.entries.filter((x) => x.type === 'topup')) expect(orders.has(e.idempotencyKey), () => `${account.id}: credit ${e.id} of Rp ${e.amount} for an order the simulation never made (${e.idempotencyKey})`, account.path);
      }
    },
  },
  {
    name: 'every account (wallets, GUEST-, REFUNDING-, WD-): balance = sum of entries, owed = sum of owed, neither ever below zero',
    check(book, expect) {
      for (const a of book.accounts.values()) {
        const balance = sum(a.entries, (e) => e.amount);
        const owed = sum(a.entries, (e) => e.owed ?? 0);
        expect(balance === a.balance && owed === a.owed && a.balance >= 0 && a.owed >= 0 && a.entries.every((e) => (e.balanceAfter ?? 0) >= 0 && (e.owedAfter ?? 0) >= 0) && (a.exists || a.entries.length === 0),
          () => `${a.id}: balance ${a.balance} vs entries ${balance}, owed ${a.owed} vs ${owed}`, a.path);
      }
    },
  },
  {
    name: 'nothing posted twice (one entry per account, type and idempotency key)',
    check(book, expect) {
      for (const a of book.accounts.values()) {
        const seen = new Map<string, number>();
        for (const e of a.entries) seen.set(`${e.type} ${e.idempotencyKey}`, (seen.get(`${e.type} ${e.idempotencyKey}`) ?? 0) + 1);
        for (const [key, n] of seen) expect(n === 1, () => `${a.id}: ${n} entries for ${key}`, a.path);
      }
    },
  },
  {
    name: 'every transfer: two entries on two accounts that balance',
    check(book, expect) {
      for (const [key, entries] of book.byKey) {
        const accounts = new Set(entries.map((e) => e.userId));
        if (accounts.size < 2 && !TRANSFER_KEYS.some((prefix) => key.startsWith(prefix))) continue;
        const path = entries.map((e) => book.accounts.get(e.userId)?.path).find(Boolean);
        expect(entries.length === 2 && accounts.size === 2 && sum(entries, (e) => e.amount) === 0 && entries.every((e) => !e.owed),
          () => `${key}: ${entries.map((e) => `${e.userId} ${e.amount}`).join(', ')}`, path);
      }
    },
  },
  {
    name: 'no gateway refund without its money set aside first (a pending transfer to its refund-in-flight account, or the withdrawal\'s reservation)',
    check(book, expect) {
      for (const refund of book.gatewayRefunds) {
        const aside = isWithdrawalId(refund.key)
          ? entriesWithKey(book, `withdrawal-reserve:${refund.key}`, refund.key).filter((e) => e.amount >= refund.amount)
          : entriesWithKey(book, `refund-pending:${refund.key}`, refundInFlightAccount(refund.key)).filter((e) => e.amount === refund.amount);
        const path = book.orders.find((o) => o.sim.id === refund.orderId)?.sim.path;
        expect(aside.some((e) => e.createdAt <= refund.at), () => `refund ${refund.key} of Rp ${refund.amount} on ${refund.orderId} at ${refund.at}: nothing set aside before it`, path);
      }
    },
  },
  {
    name: 'running totals (admin summary) = the sums of the entries',
    check(book, expect) {
      const { before, after } = book.totals;
      const delta = (f: (t: LedgerTotals) => number | undefined) => (f(after) ?? 0) - (f(before) ?? 0);
      for (const type of ['topup', 'purchase', 'refund', 'adjustment', 'receivable', 'repayment'] as const) {
        const ofType = book.entriesMeanwhile.filter((e) => e.type === type);
        expect(delta((t) => t.count[type]) === ofType.length, () => `count of ${type}: totals moved ${delta((t) => t.count[type])}, entries ${ofType.length}`);
        expect(delta((t) => t.sum[type]) === sum(ofType, (e) => e.amount), () => `sum of ${type}: totals moved ${delta((t) => t.sum[type])}, entries ${sum(ofType, (e) => e.amount)}`);
      }
      expect(delta((t) => t.owed) === sum(book.entriesMeanwhile, (e) => e.owed ?? 0), () => 'owed');
      expect(delta((t) => t.users) === book.people, () => `users: ${delta((t) => t.users)} vs ${book.people}`);
    },
  },
  {
    name: "claims on the station's word: credited at once only when its record contradicts itself, never on the sweep's expiry; each credit once, at most what was charged",
    check(book, expect, note) {
      for (const { sessionId, path, session, stored } of book.claims) {
        if (!stored) continue;
        const vend = book.sessions.find((s) => s.sim.id === sessionId);
        const supported = Boolean(vend?.incident) || vend?.stored?.settledLateAfter === 'failed';
        const atOnce = stored.status === 'credited' && stored.resolution?.by === 'system';
        const credits = entriesWithKey(book, `claim:${sessionId}`, stored.userId);
        note(path, `claim ${stored.status}${atOnce ? ' at once' : stored.resolution ? ' by an admin' : ''}${session && !supported && session.kind.includes('late') ? ' (a late but metered vend)' : ''}`);
        expect(
          atOnce === supported
            && (stored.status === 'credited' ? credits.length === 1 && credits[0]!.amount === stored.creditedIdr && stored.creditedIdr <= stored.chargedIdr : credits.length === 0),
          () => `claim on ${sessionId} (${session?.kind}): ${stored.status} by ${stored.resolution?.by ?? '-'} for Rp ${stored.creditedIdr}, station support ${supported}, ${credits.length} credit entries`,
          path,
        );
      }
    },
  },
  {
    name: 'every withdrawal: reserved = refunded + paid out; its account holds the open payout, nothing once paid, returned or voided',
    check(book, expect, note) {
      for (const { record, path } of book.withdrawals) {
        const account = book.accounts.get(record.id);
        const reserved = sum(entriesWithKey(book, `withdrawal-reserve:${record.id}`, record.id), (e) => e.amount);
        const refunded = sum((account?.entries ?? []).filter((e) => e.idempotencyKey.startsWith('refund:')), taken);
        const payout = record.payout.reduce((s, p) => s + p.amountIdr, 0);
        const left = account?.balance ?? 0;
        note(path, `withdrawal ${record.status}${record.payoutStatus !== 'none' ? `, payout ${record.payoutStatus}` : ''}`);
        let ok = reserved === record.balance && (account?.owed ?? 0) === 0;
        if (record.status === 'completed') {
          const settled = record.payoutStatus === 'paid' ? -sum(entriesWithKey(book, `payout-paid:${record.id}`, record.id), (e) => e.amount)
            : record.payoutStatus === 'returned' ? sum(entriesWithKey(book, `payout-returned:${record.id}`, record.userId), (e) => e.amount) : 0;
          ok &&= reserved === refunded + payout && left === (record.payoutStatus === 'open' ? payout : 0) && (record.payoutStatus === 'open' || record.payoutStatus === 'none' || settled === payout);
        } else if (record.status === 'voided') {
          ok &&= left === 0 && reserved === refunded + sum(entriesWithKey(book, `withdrawal-void:${record.id}`, record.userId), (e) => e.amount);
        } else ok = false;
        expect(ok, () => `${record.id} (${record.status}, payout ${record.payoutStatus}): reserved Rp ${reserved} of Rp ${record.balance}, refunded Rp ${refunded}, payout Rp ${payout}, left Rp ${left}`, path);
      }
    },
  },
  {
    name: 'every guest order paid: closed, its account empty but for a refused refund it still holds, handed over once',
    check(book, expect) {
      for (const { sim: order, stored } of book.orders) {
        if (stored?.kind !== 'guest' || (stored.status !== 'settled' && stored.status !== 'refunded')) continue;
        const account = book.accounts.get(order.account);
        const handedToKeeper = sum(entriesWithKey(book, `guest-claim:${order.id}`, order.account), (e) => -e.amount);
        const paidOut = sum(entriesWithPrefix(book, `guest-payout:${order.id}`), (e) => -e.amount);
        const held = stored.refundRefused && !stored.claimedBy ? account?.balance ?? 0 : 0;
        expect(
          Boolean(stored.closedAt) && (account?.balance ?? 0) === held && handedToKeeper === (stored.claimedIdr ?? 0) && paidOut === (stored.paidOut?.amount ?? 0),
          () => `${order.id}: ${stored.closedAt ? 'closed' : 'not closed'}, account holds Rp ${account?.balance ?? 0} (held Rp ${held}), kept Rp ${handedToKeeper} of ${stored.claimedIdr ?? 0}, paid out Rp ${paidOut} of ${stored.paidOut?.amount ?? 0}`,
          order.path,
        );
      }
    },
  },
  {
    name: 'nothing left in flight: every refund-in-flight account empty',
    check(book, expect) {
      for (const a of book.accounts.values()) {
        if (a.id.startsWith(refundInFlightAccount(''))) expect(a.balance === 0, () => `${a.id} still holds Rp ${a.balance}`, a.path);
      }
    },
  },
];

/** Every entry of an account, oldest first. */
async function entriesOf(sim: Sim, account: string): Promise<LedgerEntry[]> {
  const items: LedgerEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await sim.svc.ledger.entries(account, { limit: 100, cursor });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items.reverse();
}

/** Reads the book as the run left it: every account the simulation's money touched, and what the gateway says. */
export async function readBook(sim: Sim, windowStart: string, totalsBefore: LedgerTotals): Promise<Book> {
  const { svc, records } = sim;
  const accounts = new Map<string, Account>();
  const read = (ids: { id: string; path?: PathName }[]) => inBatches(ids.filter(({ id }) => !accounts.has(id)), async ({ id, path }) => {
    const [item, entries] = await Promise.all([svc.users.get(id), entriesOf(sim, id)]);
    accounts.set(id, { id, exists: item !== null, balance: item?.balance ?? 0, owed: item?.owed ?? 0, entries, path });
  }, 8);
  await read(sim.users.map((u) => ({ id: u.sub })));
  await read(records.orders.filter((o) => o.kind === 'guest').flatMap((o) => [
    { id: o.account, path: o.path },
    ...[guestRefundKeys.unused(o.id), guestRefundKeys.claim(o.id)].map((key) => ({ id: refundInFlightAccount(key), path: o.path })),
  ]));
  // A withdrawal's account: every reservation a wallet made, and the withdrawals the simulation asked for.
  const pathOfWithdrawal = new Map(records.withdrawals.filter((w) => w.state !== 'refused').map((w) => [w.id, w.path]));
  const withdrawalIds = new Set([...pathOfWithdrawal.keys(), ...[...accounts.values()].flatMap((a) => a.entries.filter((e) => e.idempotencyKey.startsWith('withdrawal-reserve:')).map((e) => e.reference))]);
  await read([...withdrawalIds].map((id) => ({ id, path: pathOfWithdrawal.get(id) ?? PATHS.withdrawal })));
  const byKey = new Map<string, LedgerEntry[]>();
  for (const a of accounts.values()) for (const e of a.entries) byKey.set(e.idempotencyKey, [...(byKey.get(e.idempotencyKey) ?? []), e]);

  // Visible entries of every account written meanwhile, newest first from the ledger's collection; the totals after them.
  const entriesMeanwhile: LedgerEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await svc.adminQueries.transactions({ limit: 100, cursor });
    const meanwhile = page.items.filter((e) => e.createdAt >= windowStart);
    entriesMeanwhile.push(...meanwhile);
    cursor = meanwhile.length === page.items.length ? (page.nextCursor ?? undefined) : undefined;
  } while (cursor);
  const totalsAfter = await svc.ledger.totals();

  const orders = await inBatches(records.orders, async (order) => {
    const stored = await svc.paymentOrders.get(order.id);
    const gateway = stored ? await sim.gateway.status({ orderId: order.id, amount: order.amount, method: order.method, createdAt: stored.createdAt }) : null;
    return { sim: order, stored, gateway };
  }, 8);
  const ours = new Set(records.orders.map((o) => o.id));
  const gatewayRefunds = (await sim.gateway.refunds()).filter((r) => ours.has(r.orderId));

  // A token shown at two offline stations: whichever completion the back end handled first settled the reservation
  // (the session), the other is the second station's late charge. Attributed here, from the used token, so that a
  // reconnect that failed in its held-back job leaves nothing misread.
  const sessionById = new Map(records.sessions.map((s) => [s.id, s]));
  for (const again of records.offlineAgain) {
    const first = sessionById.get(again.jti);
    const used = await svc.vendSessions.usedToken(again.jti);
    if (first && used?.stationId === again.stationId && first.stationId !== again.stationId) {
      [first.stationId, again.stationId] = [again.stationId, first.stationId];
      [first.truth, again.truth] = [again.truth, first.truth];
    }
  }
  const sessions = await inBatches(records.sessions, async (s) => {
    // A remote start: what was dispensed is what the station did with the authorization, if it ever got one.
    const remote = s.remoteAt?.remoteStarts.find((r) => 'sessionId' in r && r.sessionId === s.id);
    if (s.remoteAt) s.truth = remote?.outcome === 'completed' ? remote.volumeMl : 0;
    const [stored, hold, incident] = await Promise.all([svc.vendSessions.get(s.id), svc.ledger.getHold(s.id), svc.vendSessions.incident(s.id)]);
    return { sim: s, stored, hold, incident };
  }, 8);
  const sessionOf = new Map(records.sessions.map((s) => [s.id, s]));
  const claims = await inBatches([...records.claims], async ([sessionId, path]) => {
    const session = sessionOf.get(sessionId);
    const account = session?.account ?? guestAccountOf(sessionId.slice(paidSessionId('').length));
    return { sessionId, path, session, stored: await svc.claims.get(account, sessionId) };
  }, 8);
  const withdrawals = (await inBatches([...withdrawalIds], (id) => sim.withdrawals.get(id), 8))
    .filter((record): record is WithdrawalRecord => record !== null)
    .map((record) => ({ record, path: pathOfWithdrawal.get(record.id) ?? PATHS.withdrawal }));

  return {
    accounts, byKey, entriesMeanwhile, totals: { before: totalsBefore, after: totalsAfter }, people: sim.users.length,
    orders, gatewayRefunds, sessions, claims, withdrawals, offlineAgain: records.offlineAgain,
  };
}

export interface InvariantResult {
  name: string;
  checked: number;
  violations: number;
  examples: string[];
}

/** Runs every invariant over the book; each violation is also unexplained on its path's table. */
export function checkInvariants(book: Book, unexplained: (path: PathName | undefined, example: string) => void, note: Note): InvariantResult[] {
  return INVARIANTS.map(({ name, check }) => {
    const result: InvariantResult = { name, checked: 0, violations: 0, examples: [] };
    check(book, (ok, example, path) => {
      result.checked++;
      if (ok) return;
      result.violations++;
      const text = example();
      if (result.examples.length < 5) result.examples.push(text);
      unexplained(path, text);
    }, note);
    return result;
  });
}
