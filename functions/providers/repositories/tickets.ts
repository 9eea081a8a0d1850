import { DynamoTickets } from '../../adapters/dynamodb/tickets';
import { provider } from '../provider';
import { table } from '../table';

export const tickets = /* @__PURE__ */ provider(() => new DynamoTickets(table().db, table().name));
