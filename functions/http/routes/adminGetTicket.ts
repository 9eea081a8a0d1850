import { getTicket } from '../../domain/tickets';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** One ticket, for its page. */
export const handler = routeHandler('adminGetTicket', async ({ params }) => getTicket(params.id, data()));
