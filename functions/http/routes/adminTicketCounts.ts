import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** Open and assigned tickets, counted from GSI1 TICKETS#ACTIVE. */
export const handler = routeHandler('adminTicketCounts', async () => data().tickets.counts());
