import { BatchGetCommand, QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { visibleEntryTypes, type LedgerEntry } from '@functions/wallet/ports/ledger';
import type { AdminQueries, PageResult, SettingsChange, TransactionFilter } from '../../ports/admin-queries';
import type { UserRecord } from '@functions/accounts/ports/users';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { decodeCursor, encodeCursor } from '@functions/platform/adapters/dynamodb/query';
import { entity, type Condition, type SortCondition } from '@functions/platform/adapters/dynamodb/entity';

type Item = Record<string, unknown>;
const VISIBLE = new Set<string>(visibleEntryTypes);
/** Items read per round trip while filtering; bounded so one request never reads a whole large partition at once. */
const PAGE_READ = 200;
const MAX_ROUND_TRIPS = 25;

/** What the console reads: profiles in the users' collection, ledger entries in the ledger's and their station's, settings changes. */
const profile = entity<UserRecord>()(keys.user, { GSI1: keys.userCollection });
const ledgerEntry = entity<LedgerEntry>()(keys.ledgerEntry, { GSI1: keys.ledgerCollection, GSI2: keys.ledgerByMachine });
const settingsChange = entity<SettingsChange>()(keys.settingsAudit);

const toUser = (item: Item) => {
  const { version: _v, ...user } = withoutKeys<UserRecord & { version?: number }>(item);
  return user as UserRecord;
};

/**
 * Collection queries of the admin console on the single table. The summary cards read the ledger's running
 * totals (STATS#<nn> shards, kept by the ledger's transactions: DynamoLedger.totals), not these collections.
 *
 * Scaling path: serve user search from a lower-cased search attribute or OpenSearch.
 */
export class DynamoAdminQueries implements AdminQueries {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async users(request: { limit: number; cursor?: string; search?: string }): Promise<PageResult<UserRecord>> {
    const needle = request.search?.trim().toLowerCase();
    const matches = (item: Item) => {
      if (!needle) return true;
      const fullName = [item.firstName, item.lastName].filter(Boolean).join(' ');
      return [item.id, item.username, item.email, fullName].some((v) => typeof v === 'string' && v.toLowerCase().includes(needle));
    };
    const page = await this.collect(
      profile.query('GSI1', keys.usersPartition),
      matches,
      request,
      (item) => ({ PK: item.PK, SK: item.SK, GSI1PK: item.GSI1PK, GSI1SK: item.GSI1SK }),
      needle ? PAGE_READ : request.limit,
    );
    return { items: page.items.map(toUser), nextCursor: page.nextCursor };
  }

  async transactions(filter: TransactionFilter): Promise<PageResult<LedgerEntry>> {
    const { type } = filter;
    const ofType: Condition<LedgerEntry> | undefined = type ? (c) => c.eq('type', type) : undefined;
    const matches = (item: Item) =>
      VISIBLE.has(item.type as string) &&
      (!filter.type || item.type === filter.type) &&
      (!filter.machineId || item.machineId === filter.machineId) &&
      (!filter.from || String(item.createdAt) >= filter.from) &&
      (!filter.to || String(item.createdAt) < filter.to);
    let page: PageResult<Item>;
    if (filter.userId) {
      // A user's own partition holds every entry of theirs.
      page = await this.collect(
        ledgerEntry.query('table', keys.user(filter.userId).PK, { sort: { beginsWith: keys.ledgerPrefix }, filter: ofType }),
        matches,
        filter,
        (item) => ({ PK: item.PK, SK: item.SK }),
      );
    } else if (filter.machineId) {
      // GSI2 MACHINE#<id> holds a station's purchases (the only entries tied to a station), sorted by `<at>#<entryId>`:
      // a range of instants is a range of sort keys (an entry at `to` sorts above `to` itself, so BETWEEN leaves it out).
      if (type && type !== 'purchase') return { items: [], nextCursor: null };
      const { from, to } = filter;
      const range: SortCondition | undefined = from && to ? { between: [from, to] } : from ? { ge: from } : to ? { lt: to } : undefined;
      page = await this.collect(
        ledgerEntry.query('GSI2', keys.ledgerByMachinePartition(filter.machineId), { sort: range }),
        matches,
        filter,
        (item) => ({ PK: item.PK, SK: item.SK, GSI2PK: item.GSI2PK, GSI2SK: item.GSI2SK }),
      );
    } else {
      page = await this.newestAcrossLedgerShards(filter, matches, ofType);
    }
    return { items: page.items.map((item) => withoutKeys<LedgerEntry>(item)), nextCursor: page.nextCursor };
  }

  async usernames(ids: string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += 100) {
      let request: Record<string, { Keys: Item[]; ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> }> | undefined = {
        [this.tableName]: { Keys: unique.slice(i, i + 100).map((id) => profile.key(id)), ...profile.project(['id', 'username']) },
      };
      for (let attempt = 0; request && Object.keys(request).length && attempt < 5; attempt++) {
        const result = await this.db.send(new BatchGetCommand({ RequestItems: request }));
        for (const item of result.Responses?.[this.tableName] ?? []) names.set(item.id as string, item.username as string);
        request = result.UnprocessedKeys as typeof request;
      }
    }
    return names;
  }

  async settingsHistory(limit: number): Promise<SettingsChange[]> {
    const { Items = [] } = await this.db.send(new QueryCommand({
      TableName: this.tableName,
      ...settingsChange.query('table', keys.settings().PK, { sort: { beginsWith: keys.settingsAuditPrefix } }),
      ScanIndexForward: false,
      Limit: limit,
    }));
    return Items.map((item) => ({
      at: item.at as string,
      actor: item.actor as string,
      changes: (item.changes ?? {}) as SettingsChange['changes'],
    }));
  }

  /**
   * Reads a collection newest first, keeps the items that match, and stops after `limit` of them. The
   * cursor continues right after the last item returned, even when that was in the middle of a page.
   */
  /**
   * All entries, newest first, from every partition of the ledger collection at once. Each partition is read from
   * the cursor's position down (`GSI1SK < cursor`: the sort key `<at>#<entryId>` orders the whole collection), the
   * answers are merged, and the page ends no lower than where any partition stopped reading, so nothing between two
   * pages is skipped however the entries are spread.
   */
  private async newestAcrossLedgerShards(
    filter: TransactionFilter,
    matches: (item: Item) => boolean,
    ofType: Condition<LedgerEntry> | undefined,
  ): Promise<PageResult<Item>> {
    // Below the cursor and `to`, from `from` on: the sort key `<at>#<entryId>` is below an instant exactly when `at` is.
    const cursor = decodeCursor(filter.cursor)?.before;
    const upper = [typeof cursor === 'string' ? cursor : undefined, filter.to].reduce<string | undefined>((low, key) => (key !== undefined && (low === undefined || key < low) ? key : low), undefined);
    const { from } = filter;
    const position: SortCondition | undefined = from && upper !== undefined ? { between: [from, upper] } : from ? { ge: from } : upper !== undefined ? { lt: upper } : undefined;
    // BETWEEN includes its end: the cursor's own entry was on the page before.
    const below = (item: Item) => item.GSI1SK !== upper && matches(item);
    const partitions = await Promise.all(keys.ledgerPartitions.map((partition) => this.collect(
      ledgerEntry.query('GSI1', partition, { sort: position, filter: ofType }),
      below,
      { limit: filter.limit },
      (item) => ({ PK: item.PK, SK: item.SK, GSI1PK: item.GSI1PK, GSI1SK: item.GSI1SK }),
    )));
    // A partition with more to read was read down to its cursor's key: below the highest of those, not everything is known yet.
    const floor = partitions
      .map((partition) => decodeCursor(partition.nextCursor ?? undefined)?.GSI1SK)
      .filter((key): key is string => typeof key === 'string')
      .reduce<string | null>((highest, key) => (highest === null || key > highest ? key : highest), null);
    const sortKey = (item: Item) => String(item.GSI1SK);
    const merged = partitions.flatMap((partition) => partition.items).sort((a, b) => (sortKey(a) < sortKey(b) ? 1 : sortKey(a) > sortKey(b) ? -1 : 0));
    const known = floor === null ? merged : merged.filter((item) => sortKey(item) >= floor);
    const items = known.slice(0, filter.limit);
    const last = items.at(-1);
    const more = merged.length > items.length || floor !== null;
    const next = last && items.length === filter.limit ? sortKey(last) : floor;
    return { items, nextCursor: more && next !== null ? encodeCursor({ before: next }) : null };
  }

  private async collect(
    input: Omit<QueryCommandInput, 'TableName'>,
    matches: (item: Item) => boolean,
    request: { limit: number; cursor?: string },
    keyOf: (item: Item) => Item,
    readSize = Math.max(request.limit * 2, 25),
  ): Promise<PageResult<Item>> {
    const items: Item[] = [];
    let start = decodeCursor(request.cursor);
    let lastKey: Item | undefined;
    let trips = 0;
    do {
      const page = await this.db.send(new QueryCommand({
        ...input,
        TableName: this.tableName,
        ScanIndexForward: false,
        Limit: Math.min(readSize, PAGE_READ),
        ExclusiveStartKey: start,
      }));
      lastKey = page.LastEvaluatedKey;
      const pageItems = page.Items ?? [];
      for (const [i, item] of pageItems.entries()) {
        if (!matches(item)) continue;
        items.push(item);
        if (items.length === request.limit) {
          // The last item of the last page: nothing follows, so no cursor.
          lastKey = i === pageItems.length - 1 && !page.LastEvaluatedKey ? undefined : keyOf(item);
          break;
        }
      }
      start = lastKey;
      trips += 1;
    } while (items.length < request.limit && start && trips < MAX_ROUND_TRIPS);
    // Stopped on the round-trip bound with fewer items: the cursor still continues where the reading stopped.
    return { items, nextCursor: start ? encodeCursor(start) : null };
  }
}
