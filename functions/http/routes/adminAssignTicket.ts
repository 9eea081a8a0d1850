import { adminActor } from '../../accounts/domain/admin-auth';
import { assignTicket } from '../../fieldwork/domain/tickets';
import { log } from '../../platform/observability';
import { mailer } from '../../platform/providers/mailer';
import { staffDirectory } from '../../accounts/providers/staff-directory';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { tickets } from '../../fieldwork/providers/repositories/tickets';

/** An admin or a technician assigns a ticket, as '<role>:<username>'; the assignee must be staff and is e-mailed. */
export const handler = routeHandler(contract.adminAssignTicket, async ({ params, body, identity, language }) =>
  assignTicket(params.id, body.assignee, adminActor(identity), { tickets: tickets(), clock: clock(), staff: staffDirectory(), mailer: mailer(), log }, language));
