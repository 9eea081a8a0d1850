import { getTicket } from '../../domain/tickets';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** One ticket, for its page. */
export const handler = routeHandler(contract.adminGetTicket, async ({ params, language }) => getTicket(params.id, { tickets: repositories.tickets() }, language));
