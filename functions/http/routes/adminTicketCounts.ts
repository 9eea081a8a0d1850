import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** Open and assigned tickets, counted from GSI1 TICKETS#ACTIVE. */
export const handler = routeHandler(contract.adminTicketCounts, async () => repositories.tickets().counts());
