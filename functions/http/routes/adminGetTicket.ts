import { getTicket } from '../../fieldwork/domain/tickets';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';
import { tickets } from '../../fieldwork/providers/repositories/tickets';

/** One ticket, for its page. */
export const handler = routeHandler(contract.adminGetTicket, async ({ params, language }) => getTicket(params.id, { tickets: tickets() }, language));
