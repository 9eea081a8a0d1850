import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TicketChange, TicketFilter, TicketRecord, Tickets } from '../../ports/tickets';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { decodeCursor, encodeCursor } from '@functions/platform/adapters/dynamodb/query';
import { entity } from '@functions/platform/adapters/dynamodb/entity';
import { resolveReport, stationReports } from './problem-reports';

/** A ticket's item: what a change or a close writes, and the collection (GSI1) it moves to when it closes. */
const ticketItem = entity<Pick<TicketRecord, 'status' | 'assignee' | 'assignedAt' | 'assignedBy' | 'closedAt' | 'closedBy' | 'resolution' | 'history' | 'comments' | 'sources'> & { GSI1PK: string; GSI1SK: string }>()(keys.ticket);

const cancelled = (error: unknown) => (error as Error).name === 'TransactionCanceledException' || (error as Error).name === 'ConditionalCheckFailedException';

/** Tries of opening-or-adding when the open ticket of a cause closes between the two steps. */
const OPEN_TRIES = 3;

/** Maintenance tickets (keys.ts has the access patterns): one open per station and cause through its cause item. */
export class DynamoTickets implements Tickets {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async openOrAdd(ticket: TicketRecord): Promise<{ ticket: TicketRecord; opened: boolean }> {
    const cause = keys.openTicketCause(ticket.stationId, ticket.cause);
    for (let attempt = 0; attempt < OPEN_TRIES; attempt++) {
      try {
        await this.db.send(new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: this.tableName, Item: { ...cause, ticketId: ticket.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
            {
              Put: {
                TableName: this.tableName,
                Item: { ...keys.ticket(ticket.id), ...keys.activeTicket(ticket.openedAt, ticket.id), ...keys.stationTicket(ticket.stationId, ticket.openedAt, ticket.id), ...ticket },
                ConditionExpression: 'attribute_not_exists(PK)',
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
    const filters: string[] = [];
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    let index: 'GSI1' | 'GSI2' = 'GSI1';
    let partition: string;
    if (filter.stationId) {
      index = 'GSI2';
      partition = keys.stationTicketsPartition(filter.stationId);
      names['#status'] = 'status';
      if (filter.status === 'active') {
        filters.push('#status <> :closed');
        values[':closed'] = 'closed';
      } else {
        filters.push('#status = :status');
        values[':status'] = filter.status;
      }
    } else {
      partition = filter.status === 'closed' ? keys.closedTicketsPartition : keys.activeTicketsPartition;
      if (filter.status === 'open' || filter.status === 'assigned') {
        names['#status'] = 'status';
        values[':status'] = filter.status;
        filters.push('#status = :status');
      }
    }
    if (filter.assignee) {
      values[':assignee'] = filter.assignee;
      filters.push('assignee = :assignee');
    }
    values[':pk'] = partition;
    // A filtered page can come back short: the cursor goes on from where DynamoDB stopped reading.
    const result = await this.db.send(new QueryCommand({
      TableName: this.tableName, IndexName: index, KeyConditionExpression: `${index}PK = :pk`,
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values, ScanIndexForward: false, Limit: filter.limit, ExclusiveStartKey: decodeCursor(filter.cursor),
    }));
    return { items: (result.Items ?? []).map((i) => withoutKeys<TicketRecord>(i)), nextCursor: encodeCursor(result.LastEvaluatedKey) };
  }

  async counts() {
    const counts = { open: 0, assigned: 0 };
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({
        TableName: this.tableName, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.activeTicketsPartition },
        ProjectionExpression: '#status', ExpressionAttributeNames: { '#status': 'status' }, ExclusiveStartKey: start,
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
              TableName: this.tableName, Key: keys.openTicketCause(ticket.stationId, ticket.cause),
              ConditionExpression: 'ticketId = :id', ExpressionAttributeValues: { ':id': ticket.id },
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
