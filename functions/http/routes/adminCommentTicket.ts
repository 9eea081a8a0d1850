import { adminActor } from '../../domain/admin-auth';
import { commentOnTicket } from '../../domain/tickets';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** An admin or a technician comments on a ticket, as '<role>:<username>'. */
export const handler = routeHandler(contract.adminCommentTicket, async ({ params, body, identity, language }) => commentOnTicket(params.id, body.text, adminActor(identity), { tickets: repositories.tickets(), clock: repositories.clock() }, language));
