import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';
import { tickets } from '../../fieldwork/providers/repositories/tickets';

/** Open and assigned tickets, counted from GSI1 TICKETS#ACTIVE. */
export const handler = routeHandler(contract.adminTicketCounts, async () => tickets().counts());
