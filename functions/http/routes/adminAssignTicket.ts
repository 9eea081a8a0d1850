import { adminActor } from '../../domain/admin-auth';
import { assignTicket } from '../../domain/tickets';
import { log } from '../../observability';
import { data } from '../../providers/data';
import { mailer } from '../../providers/mailer';
import { staffDirectory } from '../../providers/staff-directory';
import { routeHandler } from '../route-handler';

/** An admin or a technician assigns a ticket, as '<role>:<username>'; the assignee must be staff and is e-mailed. */
export const handler = routeHandler('adminAssignTicket', async ({ params, body, identity }) =>
  assignTicket(params.id, body.assignee, adminActor(identity), { ...data(), staff: staffDirectory(), mailer: mailer(), log }));
