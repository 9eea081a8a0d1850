import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Clock, Ids } from '@functions/platform/ports/clock';
import {
  counterAccountOf, ledgerEntryTypes, revenueAccount, visibleEntryTypes, type EntryDetails, type GuestRefillRecord, type Hold, type JoinOptions, type Ledger, type LedgerEntry, type LedgerEntryType, type LedgerTotals, type PostResult, type Transfer,
  LedgerRefused,
} from '../../ports/ledger';
import { TransactionPartRejected, type TransactionPart } from '@functions/platform/ports/transaction';
import { keys, STATS_SHARDS, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { decodeCursor, encodeCursor } from '@functions/platform/adapters/dynamodb/query';
import { entity } from '@functions/platform/adapters/dynamodb/entity';
import type { UserRecord } from '@functions/accounts/ports/users';
import { randomStatsShard, statsShard } from '@functions/platform/adapters/dynamodb/stats';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A user's item as the ledger moves it (its profile is the users adapter's): the balance, the receivable, the
 * millilitres dispensed and `version`, the count of the balance's changes; `bookAccount` marks an account a transfer opened.
 */
export const walletAccount = entity<Pick<UserRecord, 'balance' | 'owed' | 'dispensedMl' | 'createdAt' | 'updatedAt'> & { version: number; bookAccount: boolean }>()(keys.user);
const holdItem = entity<Hold & { closedAt: string }>()(keys.hold);
/** A post's or charge's idempotency record: written once, with the change it made. */
const idempotencyRecord = entity<{ fingerprint: string; result: unknown; createdAt: string }>()(keys.idempotency);
/** An append-only entry in its user's partition, under the ledger's prefix. */
const ledgerEntryItem = entity<LedgerEntry>()(keys.ledgerEntry);

/** A user's two accounts as read: the balance and the receivable. */
interface Account {
  balance: number;
  owed: number;
}

interface PlannedEntry {
  type: LedgerEntryType;
  /** Signed change of the balance. */
  amount: number;
  /** Signed change of the receivable. */
  owed?: number;
  /** Details of this entry where they differ from the operation's. */
  details?: Partial<EntryDetails>;
}

interface Plan {
  /** Writes whose condition guards exactly-once (idempotency record, hold state). */
  guards: TransactItem[];
  entries: PlannedEntry[];
  dispensedMl?: number;
  /** Called when a guard's condition failed: the operation already happened (replay) or conflicts. */
  onGuardFailed: () => Promise<PostResult>;
}

const MAX_ATTEMPTS = 25;
const VISIBLE = new Set<string>(visibleEntryTypes);

interface ApplyOptions extends JoinOptions {
  /** The idempotency record written with the change (post). */
  record?: { key: Record<string, string>; fingerprint: string };
  /** A check that answers a repeated request before anything is planned; read together with the balance. */
  replayed?: () => Promise<PostResult | null>;
  /** The balance the caller has just read: the first attempt writes without reading it again. */
  knownBalance?: number;
  /** The plan depends on the receivable: it is read, and the write is conditioned on it as on the balance. */
  readsOwed?: boolean;
}

const zeroIfMissing = (value: unknown) => (typeof value === 'number' ? value : 0);

/**
 * The ledger on the single table. Each operation is one TransactWriteItems: the user's balance
 * (conditioned on the balance it was computed from, so balanceAfter is exact and never negative), the
 * append-only entries, a guard item (idempotency record or hold state) that makes it happen once, and
 * the caller's joined writes (a vend's token and session) when there are any.
 */
export class DynamoLedger implements Ledger {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: Clock,
    private readonly ids: Ids,
  ) {}

  async post(
    userId: string,
    type: 'topup' | 'purchase' | 'refund' | 'adjustment',
    amount: number,
    idempotencyKey: string,
    details: EntryDetails,
    options: JoinOptions & { expectedBalance?: number } = {},
  ) {
    const { expectedBalance } = options;
    const { replay, used, record } = this.recorded(idempotencyKey, JSON.stringify([userId, type, amount]));
    const repays = type === 'topup';
    const counted = { ...details, counter: counterAccountOf(type, details) };
    return this.apply(userId, idempotencyKey, counted, (account) => {
      if (expectedBalance !== undefined && account.balance !== expectedBalance) throw new LedgerRefused('balance-changed');
      const entries: PlannedEntry[] = [{ type, amount }];
      // A top-up pays what the user owes first.
      const repaid = repays ? Math.min(account.owed, account.balance + amount) : 0;
      if (repaid > 0) entries.push({ type: 'repayment', amount: -repaid, owed: -repaid, details: { note: 'Paid towards what was owed', volumeMl: undefined, paymentMethod: undefined, counter: undefined } });
      // The metered litres of the running totals count every purchase, whichever way it was booked.
      return { guards: [], entries, dispensedMl: type === 'purchase' ? details.volumeMl ?? 0 : 0, onGuardFailed: replay };
    }, { record, replayed: used, readsOwed: repays, knownBalance: expectedBalance, together: options.together });
  }

  async charge(userId: string, type: 'purchase' | 'adjustment', amount: number, idempotencyKey: string, details: EntryDetails, options: JoinOptions = {}) {
    const { replay, used, record } = this.recorded(idempotencyKey, JSON.stringify([userId, 'charge', type, amount]));
    const counted = { ...details, counter: counterAccountOf(type, details) };
    return this.apply(userId, idempotencyKey, counted, (account) => {
      const covered = Math.min(account.balance, amount);
      const entries: PlannedEntry[] = [];
      if (covered > 0) entries.push({ type, amount: -covered });
      // The rest is owed, never a negative balance; its volume is already on the debit when there is one.
      if (amount > covered) entries.push({ type: 'receivable', amount: 0, owed: amount - covered, details: covered > 0 ? { volumeMl: undefined } : {} });
      return { guards: [], entries, dispensedMl: type === 'purchase' ? details.volumeMl ?? 0 : 0, onGuardFailed: replay };
    }, { record, replayed: used, readsOwed: true, together: options.together });
  }

  /** The idempotency record of a post or charge: how it is written, found again and replayed. */
  private recorded(idempotencyKey: string, fingerprint: string) {
    const key = keys.idempotency(idempotencyKey);
    const replay = async (): Promise<PostResult> => {
      const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }));
      if (!Item) throw new LedgerRefused('busy');
      if (Item.fingerprint !== fingerprint) throw new LedgerRefused('key-reused');
      const result = Item.result as Omit<PostResult, 'replayed' | 'owed'> & { owed?: number };
      return { ...result, owed: result.owed ?? 0, replayed: true };
    };
    const used = async () => ((await this.db.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }))).Item ? replay() : null);
    return { replay, used, record: { key, fingerprint } };
  }

  async hold(userId: string, holdId: string, amount: number, details: EntryDetails, options: JoinOptions & { knownBalance?: number } = {}) {
    const replay = async (): Promise<PostResult> => {
      const hold = await this.getHold(holdId);
      if (!hold || hold.userId !== userId || hold.amount !== amount) throw new LedgerRefused('hold-differs', `Hold ${holdId} already exists for a different request`);
      return { ...(await this.accountOf(userId) ?? { balance: 0, owed: 0 }), entries: [], replayed: true };
    };
    const now = this.clock.now().toISOString();
    return this.apply(userId, `hold:${holdId}`, details, ({ balance }) => ({
      guards: [{
        Put: {
          TableName: this.tableName,
          Item: { ...keys.hold(holdId), ...({ id: holdId, userId, amount, status: 'open', createdAt: now, reference: details.reference, balanceAfter: balance - amount } satisfies Hold) },
          ...holdItem.condition((c) => c.itemNotExists()),
        },
      }],
      entries: [{ type: 'hold', amount: -amount }],
      onGuardFailed: replay,
    }), {
      ...options,
      // A caller that knows the balance opens a new hold; the hold's own condition still catches a repeat.
      replayed: options.knownBalance === undefined ? async () => ((await this.getHold(holdId)) ? replay() : null) : undefined,
    });
  }

  async settle(holdId: string, charged: number, details: EntryDetails, options: JoinOptions & { knownHold?: Hold } = {}) {
    const hold = options.knownHold ?? (await this.getHold(holdId));
    if (!hold) throw new LedgerRefused('no-hold', `Hold ${holdId} not found`);
    if (charged > hold.amount) throw new LedgerRefused('over-hold', `The charge must be between Rp 0 and the hold of Rp ${hold.amount}`);
    const replay = async (): Promise<PostResult> => {
      const now = await this.getHold(holdId);
      if (now?.status === 'settled' && now.charged === charged) return { ...(await this.accountOf(hold.userId) ?? { balance: 0, owed: 0 }), entries: [], replayed: true };
      throw new LedgerRefused('hold-closed', `Hold ${holdId} is already ${now?.status ?? 'gone'}`);
    };
    if (hold.status !== 'open') return replay();
    const entries: Plan['entries'] = [{ type: 'release', amount: hold.amount }];
    if (charged > 0) entries.push({ type: 'purchase', amount: -charged, details: { counter: revenueAccount(details.machineId) } });
    return this.apply(hold.userId, `settle:${holdId}`, details, () => ({
      guards: [this.closeHold(holdId, 'settled', charged)],
      entries,
      dispensedMl: details.volumeMl ?? 0,
      onGuardFailed: replay,
    }), { together: options.together, knownBalance: options.knownHold?.balanceAfter });
  }

  async resizeHold(holdId: string, amount: number, details: EntryDetails, options: JoinOptions & { knownHold?: Hold } = {}) {
    const hold = options.knownHold ?? (await this.getHold(holdId));
    if (!hold) throw new LedgerRefused('no-hold', `Hold ${holdId} not found`);
    const replay = async (): Promise<PostResult> => {
      const now = await this.getHold(holdId);
      if (now?.amount === amount) return { ...(await this.accountOf(hold.userId) ?? { balance: 0, owed: 0 }), entries: [], replayed: true };
      throw new LedgerRefused('hold-closed', `Hold ${holdId} is already ${now?.status ?? 'gone'}`);
    };
    if (hold.status !== 'open' || hold.amount === amount) return replay();
    // Positive: more is held from the balance (refused when the balance cannot cover it); negative: given back.
    const grown = amount - hold.amount;
    return this.apply(hold.userId, `resize:${holdId}`, details, ({ balance }) => ({
      guards: [{
        Update: {
          TableName: this.tableName,
          ...holdItem.update([holdId], { set: { amount, balanceAfter: balance - grown }, condition: (c) => c.and(c.eq('status', 'open'), c.eq('amount', hold.amount)) }),
        },
      }],
      entries: [grown > 0 ? { type: 'hold', amount: -grown } : { type: 'release', amount: -grown }],
      onGuardFailed: replay,
    }), { together: options.together, knownBalance: options.knownHold?.balanceAfter });
  }

  async release(holdId: string, details: EntryDetails, options: JoinOptions & { knownHold?: Hold } = {}) {
    const hold = options.knownHold ?? (await this.getHold(holdId));
    if (!hold) throw new LedgerRefused('no-hold', `Hold ${holdId} not found`);
    const replay = async (): Promise<PostResult> => {
      const now = await this.getHold(holdId);
      if (now?.status === 'released') return { ...(await this.accountOf(hold.userId) ?? { balance: 0, owed: 0 }), entries: [], replayed: true };
      throw new LedgerRefused('hold-closed', `Hold ${holdId} is already ${now?.status ?? 'gone'}`);
    };
    if (hold.status !== 'open') return replay();
    return this.apply(hold.userId, `release:${holdId}`, details, () => ({
      guards: [this.closeHold(holdId, 'released', 0)],
      entries: [{ type: 'release', amount: hold.amount }],
      onGuardFailed: replay,
    }), { together: options.together, knownBalance: options.knownHold?.balanceAfter });
  }

  async transfer(transfer: Transfer, idempotencyKey: string, details: EntryDetails, options: JoinOptions & { expectedFromBalance?: number } = {}): Promise<PostResult> {
    const { from, to, amount } = transfer;
    const { replay, used, record } = this.recorded(idempotencyKey, JSON.stringify([from, to, 'transfer', amount]));
    const joined = (options.together?.writes ?? []) as TransactItem[];
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const [earlier, source, target] = await Promise.all([attempt === 0 ? used() : null, this.accountOf(from), this.accountOf(to)]);
      if (earlier) return earlier;
      if (!source) throw new LedgerRefused('no-account', `Account ${from} not found`);
      if (options.expectedFromBalance !== undefined && source.balance !== options.expectedFromBalance) throw new LedgerRefused('balance-changed');
      if (source.balance < amount) {
        const applied = attempt > 0 ? await used() : null;
        if (applied) return applied;
        throw new LedgerRefused('insufficient-balance');
      }
      const at = this.clock.now().toISOString();
      // A transfer's two legs balance each other: neither names a counter account.
      const entryOf = (userId: string, type: LedgerEntryType, signed: number, balanceAfter: number) =>
        JSON.parse(JSON.stringify({ id: this.ids.next(), userId, type, amount: signed, balanceAfter, idempotencyKey, createdAt: at, ...details, counter: undefined })) as LedgerEntry & { balanceAfter: number };
      const debit = entryOf(from, transfer.fromType ?? 'adjustment', -amount, source.balance - amount);
      const credit = entryOf(to, transfer.toType ?? 'adjustment', amount, (target?.balance ?? 0) + amount);
      const result = { balance: debit.balanceAfter, entries: [debit, credit] };
      const totals = this.totalsUpdate([debit, credit], 0);
      const items: TransactItem[] = [
        { Put: { TableName: this.tableName, Item: { ...record.key, fingerprint: record.fingerprint, result, createdAt: at }, ...idempotencyRecord.condition((c) => c.itemNotExists()) } },
        ...joined,
        this.balanceUpdate(from, source.balance, debit.balanceAfter, at),
        this.balanceUpdate(to, target?.balance ?? null, credit.balanceAfter, at),
        ...this.entryPuts([debit, credit], at),
        ...(totals ? [totals] : []),
      ];
      try {
        await this.db.send(new TransactWriteCommand({ TransactItems: items }));
        return { ...result, replayed: false };
      } catch (error) {
        if ((error as Error).name !== 'TransactionCanceledException') throw error;
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
        if (reasons[0]?.Code === 'ConditionalCheckFailed') return replay();
        if (reasons.slice(1, 1 + joined.length).some((r) => r.Code === 'ConditionalCheckFailed')) throw new TransactionPartRejected();
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 5 * 2 ** attempt)));
      }
    }
    throw new LedgerRefused('busy');
  }

  /** An account's new balance, conditioned on the one it was computed from (`null`: the account is opened by it). */
  private balanceUpdate(userId: string, read: number | null, balance: number, at: string): TransactItem {
    return {
      Update: {
        TableName: this.tableName,
        ...walletAccount.update([userId], read === null
          ? { set: { balance, updatedAt: at, createdAt: at, bookAccount: true }, add: { version: 1 }, condition: (c) => c.itemNotExists() }
          : { set: { balance, updatedAt: at }, add: { version: 1 }, condition: (c) => c.eq('balance', read) }),
      },
    };
  }

  /** The append-only entries of one transaction, each listed where it is read (history, the day's collection, the station's). */
  private entryPuts(entries: LedgerEntry[], at: string): TransactItem[] {
    return entries.map((entry, i): TransactItem => ({
      Put: {
        TableName: this.tableName,
        Item: {
          ...keys.ledgerEntry(entry.userId, at, `${i}-${entry.id}`),
          ...(VISIBLE.has(entry.type) ? keys.ledgerCollection(at, entry.id) : {}),
          ...(entry.type === 'purchase' && entry.machineId ? keys.ledgerByMachine(entry.machineId, at, entry.id) : {}),
          ...entry,
        },
        ...ledgerEntryItem.condition((c) => c.itemNotExists()),
      },
    }));
  }

  /** Only in the user's own partition (the history): it moves no money, so neither the book's collection nor the totals hold it. */
  recordingGuestRefill(userId: string, record: GuestRefillRecord): TransactionPart {
    const { at, ...details } = record;
    const entry = JSON.parse(JSON.stringify({ id: this.ids.next(), userId, type: 'guest_refill', amount: 0, createdAt: at, ...details })) as LedgerEntry;
    return { writes: [{ Put: { TableName: this.tableName, Item: { ...keys.ledgerEntry(userId, at, `0-${entry.id}`), ...entry }, ...ledgerEntryItem.condition((c) => c.itemNotExists()) } }] };
  }

  async getHold(holdId: string): Promise<Hold | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.hold(holdId), ConsistentRead: true }));
    return Item ? withoutKeys<Hold>(Item) : null;
  }

  async entries(userId: string, options: { limit: number; cursor?: string; visibleOnly?: boolean }) {
    const items: LedgerEntry[] = [];
    let start = decodeCursor(options.cursor);
    let lastKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({
        TableName: this.tableName,
        ...ledgerEntryItem.query('table', keys.user(userId).PK, { sort: { beginsWith: keys.ledgerPrefix } }),
        ScanIndexForward: false,
        Limit: options.limit * 2,
        ExclusiveStartKey: start,
      }));
      lastKey = page.LastEvaluatedKey;
      for (const item of page.Items ?? []) {
        if (options.visibleOnly && !VISIBLE.has(item.type as string)) continue;
        items.push(withoutKeys<LedgerEntry>(item));
        if (items.length === options.limit) {
          // Stopped inside a page: continue after the last entry returned.
          lastKey = { PK: item.PK, SK: item.SK };
          break;
        }
      }
      start = lastKey;
    } while (items.length < options.limit && start);
    return { items, nextCursor: items.length === options.limit ? encodeCursor(lastKey) : null };
  }

  private closeHold(holdId: string, status: 'settled' | 'released', charged: number): TransactItem {
    return {
      Update: {
        TableName: this.tableName,
        ...holdItem.update([holdId], { set: { status, charged, closedAt: this.clock.now().toISOString() }, condition: (c) => c.eq('status', 'open') }),
      },
    };
  }

  private async accountOf(userId: string): Promise<Account | null> {
    const { Item } = await this.db.send(new GetCommand({
      TableName: this.tableName, Key: walletAccount.key(userId), ConsistentRead: true, ...walletAccount.project(['balance', 'owed']),
    }));
    return Item ? { balance: Item.balance as number, owed: zeroIfMissing(Item.owed) } : null;
  }

  async totals(): Promise<LedgerTotals> {
    const { Responses } = await this.db.send(new BatchGetCommand({
      RequestItems: { [this.tableName]: { Keys: Array.from({ length: STATS_SHARDS }, (_, n) => keys.statsShard(n)) } },
    }));
    const totals: LedgerTotals = { users: 0, count: {}, sum: {}, dispensedMl: 0, owed: 0 };
    for (const item of Responses?.[this.tableName] ?? []) {
      totals.users += zeroIfMissing(item.users);
      totals.dispensedMl += zeroIfMissing(item.dispensedMl);
      totals.owed += zeroIfMissing(item.owed);
      for (const type of ledgerEntryTypes) {
        if (item[`count_${type}`] === undefined) continue;
        totals.count[type] = (totals.count[type] ?? 0) + zeroIfMissing(item[`count_${type}`]);
        totals.sum[type] = (totals.sum[type] ?? 0) + zeroIfMissing(item[`sum_${type}`]);
      }
    }
    return totals;
  }

  /**
   * Reads the accounts, writes balance (+ receivable) + entries + guards + the running totals in one transaction,
   * retrying on concurrent changes.
   */
  private async apply(userId: string, idempotencyKey: string, details: EntryDetails, build: (account: Account) => Plan, options: ApplyOptions = {}): Promise<PostResult> {
    const { record, replayed, together, readsOwed = false } = options;
    if (readsOwed && options.knownBalance !== undefined) throw new Error('an operation that reads the receivable reads the accounts itself');
    const joined = (together?.writes ?? []) as TransactItem[];
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const known = attempt === 0 ? options.knownBalance : undefined;
      const [earlier, account] = await Promise.all([
        attempt === 0 && replayed ? replayed() : null,
        known !== undefined ? { balance: known, owed: 0 } : this.accountOf(userId),
      ]);
      if (earlier) return earlier;
      if (account === null) throw new LedgerRefused('no-account', `Account ${userId} not found`);
      const plan = build(account);
      const at = this.clock.now().toISOString();
      let balance = account.balance;
      let owed = account.owed;
      const entries: LedgerEntry[] = plan.entries.map(({ type, amount, owed: owedChange, details: own }) => {
        balance += amount;
        const entry: LedgerEntry = { id: this.ids.next(), userId, type, amount, balanceAfter: balance, idempotencyKey, createdAt: at, ...details, ...own };
        if (owedChange) {
          owed += owedChange;
          Object.assign(entry, { owed: owedChange, owedAfter: owed });
        }
        return JSON.parse(JSON.stringify(entry)) as LedgerEntry;
      });
      if (balance < 0) {
        // A caller racing this one with the same key may have taken the balance: its result, not a refusal.
        const applied = replayed ? await replayed() : null;
        if (applied) return applied;
        throw new LedgerRefused('insufficient-balance');
      }
      const changesOwed = owed !== account.owed;
      if (changesOwed && !readsOwed) throw new Error('an operation that changes the receivable must read it');
      if (owed < 0) throw new Error(`receivable of ${userId} would go below zero`);
      const result = { balance, owed: readsOwed ? owed : undefined, entries };
      const guards = [...plan.guards];
      if (record) {
        guards.push({ Put: { TableName: this.tableName, Item: { ...record.key, fingerprint: record.fingerprint, result, createdAt: at }, ...idempotencyRecord.condition((c) => c.itemNotExists()) } });
      }
      const totals = this.totalsUpdate(entries, plan.dispensedMl ?? 0);
      const items: TransactItem[] = [
        ...guards,
        ...joined,
        {
          Update: {
            TableName: this.tableName,
            // The condition is the state this change was computed from.
            ...walletAccount.update([userId], {
              set: { balance, updatedAt: at, ...(changesOwed ? { owed } : {}) },
              add: { dispensedMl: plan.dispensedMl ?? 0, version: 1 },
              condition: (c) => (readsOwed
                ? c.and(c.eq('balance', account.balance), account.owed === 0 ? c.or(c.notExists('owed'), c.eq('owed', account.owed)) : c.eq('owed', account.owed))
                : c.eq('balance', account.balance)),
            }),
          },
        },
        ...this.entryPuts(entries, at),
        ...(totals ? [totals] : []),
      ];
      try {
        await this.db.send(new TransactWriteCommand({ TransactItems: items }));
        // What is owed is known when the operation read it; the others do not read the account again for it (a vend's
        // hold and settlement would wait a round trip longer for a figure no caller uses).
        return { balance, ...(result.owed === undefined ? {} : { owed: result.owed }), entries, replayed: false };
      } catch (error) {
        if ((error as Error).name !== 'TransactionCanceledException') throw error;
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
        const failed = (from: number, to: number) => reasons.slice(from, to).some((r) => r.Code === 'ConditionalCheckFailed');
        if (failed(0, guards.length)) return plan.onGuardFailed();
        if (failed(guards.length, guards.length + joined.length)) throw new TransactionPartRejected();
        // The balance moved under us, or another transaction held the item: read again and retry.
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 5 * 2 ** attempt)));
      }
    }
    throw new LedgerRefused('busy');
  }

  /**
   * What the operation adds to the running totals, on one shard picked at random: per visible entry type its
   * count and signed sum, the receivable's change and the millilitres charged. Holds and releases add nothing,
   * so placing a hold (the vend's authorization) never writes a shard.
   */
  private totalsUpdate(entries: LedgerEntry[], dispensedMl: number): TransactItem | null {
    const add = new Map<string, number>();
    const plus = (name: string, value: number) => value && add.set(name, (add.get(name) ?? 0) + value);
    for (const entry of entries) {
      if (!VISIBLE.has(entry.type)) continue;
      plus(`count_${entry.type}`, 1);
      plus(`sum_${entry.type}`, entry.amount);
      plus('owed', entry.owed ?? 0);
    }
    plus('dispensedMl', dispensedMl);
    if (add.size === 0) return null;
    return { Update: { TableName: this.tableName, ...statsShard.update([randomStatsShard()], { add: Object.fromEntries(add) }) } };
  }
}
