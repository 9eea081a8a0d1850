import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TicketChange, TicketFilter, TicketRecord, Tickets } from '../../ports/tickets';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { decodeCursor, encodeCursor } from '@functions/platform/adapters/dynamodb/query';
import { entity } from '@functions/platform/adapters/dynamodb/entity';
import { resolveReport, stationReports } from './problem-reports';

/** A ticket's item: active in GSI1 until it closes (then keys.closedTicket), and in its station's collection (GSI2). */
const ticketItem = entity<TicketRecord & { GSI1PK: string; GSI1SK: string }>()(keys.ticket, { GSI1: keys.activeTicket, GSI2: keys.stationTicket });
/** The one open ticket of a station and cause: holds the ticket's id. */
const openCause = entity<{ ticketId: string }>()(keys.openTicketCause);

const cancelled = (error: unknown) => (error as Error).name === 'TransactionCanceledException' || (error as Error).name === 'ConditionalCheckFailedException';

/** Tries of opening-or-adding when the open ticket of a cause closes between the two steps. */
const OPEN_TRIES = 3;

/** Maintenance tickets (keys.ts has the access patterns): one open per station and cause through its cause item. */
export class DynamoTickets implements Tickets {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async openOrAdd(ticket: TicketRecord): Promise<{ ticket: TicketRecord; opened: boolean }> {
    const cause = openCause.key(ticket.stationId, ticket.cause);
    for (let attempt = 0; attempt < OPEN_TRIES; attempt++) {
      try {
        await this.db.send(new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.tableName, Item: { ...cause, ticketId: ticket.id }, ...openCause.condition((c) => c.itemNotExists()) } },
            {
              Put: {
                TableName: this.tableName,
                Item: { ...ticketItem.key(ticket.id), ...ticketItem.indexes.GSI1(ticket.openedAt, ticket.id), ...ticketItem.indexes.GSI2(ticket.stationId, ticket.openedAt, ticket.id), ...ticket },
                ...ticketItem.condition((c) => c.itemNotExists()),
              },
            },
          ],
        }));
        return { ticket, opened: true };
      } catch (error) {
        if (!cancelled(error)) throw error;
      }
      const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: cause, ConsistentRead: true }));
      if (!Item) continue;
      const source = ticket.sources[0]!;
      const added = await this.change(Item.ticketId as string, {
        source, event: { at: source.at, by: 'system', action: 'sourceAdded', note: `${source.kind} ${source.id}` },
      });
      if (added) return { ticket: added, opened: false };
    }
    throw new Error(`Could not open or find the open ticket of ${ticket.stationId} ${ticket.cause}`);
  }

  async get(id: string): Promise<TicketRecord | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.ticket(id) }));
    return Item ? withoutKeys<TicketRecord>(Item) : null;
  }

  async list(filter: TicketFilter) {
    const { status, stationId, assignee } = filter;
    // A station's tickets are all in its own collection (GSI2); otherwise the active or the closed ones (GSI1).
    const query = stationId
      ? ticketItem.query('GSI2', keys.stationTicketsPartition(stationId), {
        filter: (c) => c.and(status === 'active' ? c.ne('status', 'closed') : c.eq('status', status), ...(assignee ? [c.eq('assignee', assignee)] : [])),
      })
      : ticketItem.query('GSI1', status === 'closed' ? keys.closedTicketsPartition : keys.activeTicketsPartition, {
        filter: (c) => c.and(...(status === 'open' || status === 'assigned' ? [c.eq('status', status)] : []), ...(assignee ? [c.eq('assignee', assignee)] : [])),
      });
    // A filtered page can come back short: the cursor goes on from where DynamoDB stopped reading.
    const result = await this.db.send(new QueryCommand({
      TableName: this.tableName, ...query, ScanIndexForward: false, Limit: filter.limit, ExclusiveStartKey: decodeCursor(filter.cursor),
    }));
    return { items: (result.Items ?? []).map((i) => withoutKeys<TicketRecord>(i)), nextCursor: encodeCursor(result.LastEvaluatedKey) };
  }

  async counts() {
    const counts = { open: 0, assigned: 0 };
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({
        TableName: this.tableName, ...ticketItem.query('GSI1', keys.activeTicketsPartition, { project: ['status'] }), ExclusiveStartKey: start,
      }));
      for (const item of page.Items ?? []) if (item.status === 'open' || item.status === 'assigned') counts[item.status as 'open' | 'assigned']++;
      start = page.LastEvaluatedKey;
    } while (start);
    return counts;
  }

  async change(id: string, change: TicketChange): Promise<TicketRecord | null> {
    const update = ticketItem.update([id], {
      set: change.set ?? {},
      append: { history: [change.event], ...(change.comment ? { comments: [change.comment] } : {}), ...(change.source ? { sources: [change.source] } : {}) },
      condition: (c) => c.and(c.itemExists(), c.ne('status', 'closed')),
    });
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.tableName, ...update, ReturnValues: 'ALL_NEW',
      }));
      return Attributes ? withoutKeys<TicketRecord>(Attributes) : null;
    } catch (error) {
      if (cancelled(error)) return null;
      throw error;
    }
  }

  async close(ticket: TicketRecord, close: { closedAt: string; closedBy: string; resolution: string; event: TicketRecord['history'][number] }, openReports: string[]): Promise<TicketRecord | null> {
    try {
      await this.db.send(new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: this.tableName,
              ...ticketItem.update([ticket.id], {
                set: { status: 'closed', closedAt: close.closedAt, closedBy: close.closedBy, resolution: close.resolution, ...keys.closedTicket(close.closedAt, ticket.id) },
                append: { history: [close.event] },
                condition: (c) => c.and(c.itemExists(), c.ne('status', 'closed')),
              }),
            },
          },
          {
            Delete: {
              TableName: this.tableName, Key: openCause.key(ticket.stationId, ticket.cause),
              ...openCause.condition((c) => c.eq('ticketId', ticket.id)),
            },
          },
          ...openReports.map((reportId) => ({ Update: { TableName: this.tableName, ...resolveReport(reportId, close.closedBy, close.closedAt) } })),
          // One update of the station for all its reports: a transaction touches an item once.
          ...(openReports.length ? [{
            Update: { TableName: this.tableName, ...stationReports.update([ticket.stationId], { add: { openReports: -openReports.length }, condition: (c) => c.itemExists() }) },
          }] : []),
        ],
      }));
    } catch (error) {
      if (cancelled(error)) return null;
      throw error;
    }
    return { ...ticket, status: 'closed', closedAt: close.closedAt, closedBy: close.closedBy, resolution: close.resolution, history: [...ticket.history, close.event] };
  }
}
