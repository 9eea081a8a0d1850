import { adminActor } from '../../domain/admin-auth';
import { assignTicket } from '../../domain/tickets';
import { log } from '../../observability';
import { mailer } from '../../providers/mailer';
import { staffDirectory } from '../../providers/staff-directory';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';
import { clock } from '../../providers/clock';
import { tickets as ticketsRepository } from '../../providers/repositories/tickets';

/** An admin or a technician assigns a ticket, as '<role>:<username>'; the assignee must be staff and is e-mailed. */
export const handler = routeHandler(contract.adminAssignTicket, async ({ params, body, identity, language }) =>
  assignTicket(params.id, body.assignee, adminActor(identity), { tickets: ticketsRepository(), clock: clock(), staff: staffDirectory(), mailer: mailer(), log }, language));
