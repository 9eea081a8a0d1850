import { getTicket } from '../../domain/tickets';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** One ticket, for its page. */
export const handler = routeHandler('adminGetTicket', async ({ params, language }) => getTicket(params.id, { tickets: repositories.tickets() }, language));
