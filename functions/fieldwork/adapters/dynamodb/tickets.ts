import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TicketChange, TicketFilter, TicketRecord, Tickets } from '../../ports/tickets';
import { keys, withoutKeys } from '@functions/platform/adapters/dynamodb/keys';
import { decodeCursor, encodeCursor } from '@functions/platform/adapters/dynamodb/query';

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
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = { ':closed': 'closed', ':event': [change.event] };
    const sets = ['history = list_append(history, :event)'];
    Object.entries(change.set ?? {}).forEach(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:v${i}`] = value;
      sets.push(`#f${i} = :v${i}`);
    });
    if (change.comment) {
      values[':comment'] = [change.comment];
      sets.push('comments = list_append(comments, :comment)');
    }
    if (change.source) {
      values[':source'] = [change.source];
      sets.push('sources = list_append(sources, :source)');
    }
    try {
      const { Attributes } = await this.db.send(new UpdateCommand({
        TableName: this.tableName, Key: keys.ticket(id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(PK) AND #status <> :closed',
        ExpressionAttributeNames: names, ExpressionAttributeValues: values, ReturnValues: 'ALL_NEW',
      }));
      return Attributes ? withoutKeys<TicketRecord>(Attributes) : null;
    } catch (error) {
      if (cancelled(error)) return null;
      throw error;
    }
  }

  async close(ticket: TicketRecord, close: { closedAt: string; closedBy: string; resolution: string; event: TicketRecord['history'][number] }, openReports: string[]): Promise<TicketRecord | null> {
    const listed = keys.closedTicket(close.closedAt, ticket.id);
    const resolvedAt = close.closedAt;
    try {
      await this.db.send(new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: this.tableName, Key: keys.ticket(ticket.id),
              UpdateExpression: 'SET #status = :closed, closedAt = :at, closedBy = :by, resolution = :resolution, history = list_append(history, :event), GSI1PK = :pk, GSI1SK = :sk',
              ConditionExpression: 'attribute_exists(PK) AND #status <> :closed',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':closed': 'closed', ':at': close.closedAt, ':by': close.closedBy, ':resolution': close.resolution, ':event': [close.event], ':pk': listed.GSI1PK, ':sk': listed.GSI1SK },
            },
          },
          {
            Delete: {
              TableName: this.tableName, Key: keys.openTicketCause(ticket.stationId, ticket.cause),
              ConditionExpression: 'ticketId = :id', ExpressionAttributeValues: { ':id': ticket.id },
            },
          },
          ...openReports.map((reportId) => {
            const resolved = keys.problemReportCollection('resolved', resolvedAt, reportId);
            return {
              Update: {
                TableName: this.tableName, Key: keys.problemReport(reportId),
                UpdateExpression: 'SET #status = :resolved, resolvedAt = :at, resolvedBy = :by, GSI1PK = :pk, GSI1SK = :sk',
                ConditionExpression: '#status = :open',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':resolved': 'resolved', ':open': 'open', ':at': resolvedAt, ':by': close.closedBy, ':pk': resolved.GSI1PK, ':sk': resolved.GSI1SK },
              },
            };
          }),
          // One update of the station for all its reports: a transaction touches an item once.
          ...(openReports.length ? [{
            Update: {
              TableName: this.tableName, Key: keys.machine(ticket.stationId),
              UpdateExpression: 'ADD openReports :minus', ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':minus': -openReports.length },
            },
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
