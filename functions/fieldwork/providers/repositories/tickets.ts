import { DynamoTickets } from '../../adapters/dynamodb/tickets';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const tickets = /* @__PURE__ */ provider(() => new DynamoTickets(table().db, table().name));
