import { adminActor } from '../../domain/admin-auth';
import { commentOnTicket } from '../../domain/tickets';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** An admin or a technician comments on a ticket, as '<role>:<username>'. */
export const handler = routeHandler('adminCommentTicket', async ({ params, body, identity }) => commentOnTicket(params.id, body.text, adminActor(identity), data()));
