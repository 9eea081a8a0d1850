import { GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { conflict, invalid, notFound, unavailable } from '../../domain/errors';
import type { Clock, Ids } from '../../ports/clock';
import { visibleEntryTypes, type EntryDetails, type Hold, type JoinOptions, type Ledger, type LedgerEntry, type LedgerEntryType, type PostResult } from '../../ports/ledger';
import { TransactionPartRejected } from '../../ports/transaction';
import { keys, withoutKeys } from './keys';
import { decodeCursor, encodeCursor } from './query';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

interface Plan {
  /** Writes whose condition guards exactly-once (idempotency record, hold state). */
  guards: TransactItem[];
  entries: { type: LedgerEntryType; amount: number }[];
  dispensedMl?: number;
  /** Called when a guard's condition failed: the operation already happened (replay) or conflicts. */
  onGuardFailed: () => Promise<PostResult>;
}

const MAX_ATTEMPTS = 25;
const VISIBLE = new Set<string>(visibleEntryTypes);
const CREDIT_TYPES = new Set(['topup', 'refund']);

interface ApplyOptions extends JoinOptions {
  /** The idempotency record written with the change (post). */
  record?: { key: Record<string, string>; fingerprint: string };
  /** A check that answers a repeated request before anything is planned; read together with the balance. */
  replayed?: () => Promise<PostResult | null>;
  /** The balance the caller has just read: the first attempt writes without reading it again. */
  knownBalance?: number;
}

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

  async post(userId: string, type: 'topup' | 'purchase' | 'refund' | 'adjustment', amount: number, idempotencyKey: string, details: EntryDetails) {
    if (!Number.isSafeInteger(amount) || amount === 0) throw invalid('Amount must be a non-zero whole number of rupiah');
    if (CREDIT_TYPES.has(type) && amount < 0) throw invalid(`A ${type} must credit the balance`);
    if (type === 'purchase' && amount > 0) throw invalid('A purchase must debit the balance');
    const fingerprint = JSON.stringify([userId, type, amount]);
    const key = keys.idempotency(idempotencyKey);
    const replay = async (): Promise<PostResult> => {
      const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }));
      if (!Item) throw unavailable('The wallet is busy, please try again');
      if (Item.fingerprint !== fingerprint) throw conflict('This idempotency key was already used for a different request');
      return { ...(Item.result as Omit<PostResult, 'replayed'>), replayed: true };
    };
    const used = async () => ((await this.db.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }))).Item ? replay() : null);
    return this.apply(userId, idempotencyKey, details, () => ({
      guards: [],
      entries: [{ type, amount }],
      onGuardFailed: replay,
    }), { record: { key, fingerprint }, replayed: used });
  }

  async hold(userId: string, holdId: string, amount: number, details: EntryDetails, options: JoinOptions & { knownBalance?: number } = {}) {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw invalid('A hold must be a positive whole number of rupiah');
    const replay = async (): Promise<PostResult> => {
      const hold = await this.getHold(holdId);
      if (!hold || hold.userId !== userId || hold.amount !== amount) throw conflict(`Hold ${holdId} already exists for a different request`);
      return { balance: (await this.balanceOf(userId)) ?? 0, entries: [], replayed: true };
    };
    const now = this.clock.now().toISOString();
    return this.apply(userId, `hold:${holdId}`, details, (balance) => ({
      guards: [{
        Put: {
          TableName: this.tableName,
          Item: { ...keys.hold(holdId), ...({ id: holdId, userId, amount, status: 'open', createdAt: now, reference: details.reference, balanceAfter: balance - amount } satisfies Hold) },
          ConditionExpression: 'attribute_not_exists(PK)',
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
    if (!hold) throw notFound(`Hold ${holdId} not found`);
    if (!Number.isSafeInteger(charged) || charged < 0 || charged > hold.amount) {
      throw invalid(`The charge must be between Rp 0 and the hold of Rp ${hold.amount}`);
    }
    const replay = async (): Promise<PostResult> => {
      const now = await this.getHold(holdId);
      if (now?.status === 'settled' && now.charged === charged) return { balance: (await this.balanceOf(hold.userId)) ?? 0, entries: [], replayed: true };
      throw conflict(`Hold ${holdId} is already ${now?.status ?? 'gone'}`);
    };
    if (hold.status !== 'open') return replay();
    const entries: Plan['entries'] = [{ type: 'release', amount: hold.amount }];
    if (charged > 0) entries.push({ type: 'purchase', amount: -charged });
    return this.apply(hold.userId, `settle:${holdId}`, details, () => ({
      guards: [this.closeHold(holdId, 'settled', charged)],
      entries,
      dispensedMl: details.volumeMl ?? 0,
      onGuardFailed: replay,
    }), { together: options.together, knownBalance: options.knownHold?.balanceAfter });
  }

  async release(holdId: string, details: EntryDetails, options: JoinOptions & { knownHold?: Hold } = {}) {
    const hold = options.knownHold ?? (await this.getHold(holdId));
    if (!hold) throw notFound(`Hold ${holdId} not found`);
    const replay = async (): Promise<PostResult> => {
      const now = await this.getHold(holdId);
      if (now?.status === 'released') return { balance: (await this.balanceOf(hold.userId)) ?? 0, entries: [], replayed: true };
      throw conflict(`Hold ${holdId} is already ${now?.status ?? 'gone'}`);
    };
    if (hold.status !== 'open') return replay();
    return this.apply(hold.userId, `release:${holdId}`, details, () => ({
      guards: [this.closeHold(holdId, 'released', 0)],
      entries: [{ type: 'release', amount: hold.amount }],
      onGuardFailed: replay,
    }), { together: options.together, knownBalance: options.knownHold?.balanceAfter });
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
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':prefix': keys.ledgerPrefix },
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
        Key: keys.hold(holdId),
        UpdateExpression: 'SET #status = :status, charged = :charged, closedAt = :now',
        ConditionExpression: '#status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':charged': charged, ':open': 'open', ':now': this.clock.now().toISOString() },
      },
    };
  }

  private async balanceOf(userId: string): Promise<number | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.user(userId), ConsistentRead: true }));
    return Item ? (Item.balance as number) : null;
  }

  /** Reads the balance, writes balance + entries + guards in one transaction, retrying on concurrent changes. */
  private async apply(userId: string, idempotencyKey: string, details: EntryDetails, build: (balance: number) => Plan, options: ApplyOptions = {}): Promise<PostResult> {
    const { record, replayed, together } = options;
    const joined = (together?.writes ?? []) as TransactItem[];
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const known = attempt === 0 ? options.knownBalance : undefined;
      const [earlier, balance] = await Promise.all([attempt === 0 && replayed ? replayed() : null, known ?? this.balanceOf(userId)]);
      if (earlier) return earlier;
      if (balance === null) throw notFound('User not found');
      const plan = build(balance);
      const at = this.clock.now().toISOString();
      let running = balance;
      const entries: LedgerEntry[] = plan.entries.map(({ type, amount }) => {
        running += amount;
        return { id: this.ids.next(), userId, type, amount, balanceAfter: running, idempotencyKey, createdAt: at, ...details };
      });
      if (running < 0) throw conflict('Insufficient balance');
      const result = { balance: running, entries };
      const guards = [...plan.guards];
      if (record) {
        guards.push({ Put: { TableName: this.tableName, Item: { ...record.key, fingerprint: record.fingerprint, result, createdAt: at }, ConditionExpression: 'attribute_not_exists(PK)' } });
      }
      const items: TransactItem[] = [
        ...guards,
        ...joined,
        {
          Update: {
            TableName: this.tableName,
            Key: keys.user(userId),
            // `version` counts the balance's changes; the condition is the balance this change was computed from.
            UpdateExpression: 'SET balance = :balance, updatedAt = :now ADD dispensedMl :ml, version :one',
            ConditionExpression: 'balance = :read',
            ExpressionAttributeValues: { ':balance': running, ':read': balance, ':one': 1, ':now': at, ':ml': plan.dispensedMl ?? 0 },
          },
        },
        ...entries.map((entry, i): TransactItem => ({
          Put: {
            TableName: this.tableName,
            Item: {
              ...keys.ledgerEntry(userId, at, `${i}-${entry.id}`),
              ...(VISIBLE.has(entry.type) ? keys.ledgerCollection(at, entry.id) : {}),
              ...(entry.type === 'purchase' && entry.machineId ? keys.ledgerByMachine(entry.machineId, at, entry.id) : {}),
              ...entry,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        })),
      ];
      try {
        await this.db.send(new TransactWriteCommand({ TransactItems: items }));
        return { ...result, replayed: false };
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
    throw unavailable('The wallet is busy, please try again');
  }
}
