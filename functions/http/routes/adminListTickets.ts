import { adminIdentity } from '../../accounts/domain/admin-auth';
import { listTickets } from '../../fieldwork/domain/tickets';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';
import { tickets } from '../../fieldwork/providers/repositories/tickets';

/** Tickets newest first (GSI1 TICKETS#ACTIVE or TICKETS#CLOSED, or a station's on GSI2); `mine`: assigned to the caller's e-mail. */
export const handler = routeHandler(contract.adminListTickets, async ({ query, identity, language }) => listTickets(query, adminIdentity(identity).username, { tickets: tickets() }, language));
