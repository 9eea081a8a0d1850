import { DynamoTickets } from '../../adapters/dynamodb/tickets';
import { provider } from '../../../platform/providers/provider';
import { table } from '../../../platform/providers/table';

export const tickets = /* @__PURE__ */ provider(() => new DynamoTickets(table().db, table().name));
