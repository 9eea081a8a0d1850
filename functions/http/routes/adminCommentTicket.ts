import { adminActor } from '../../accounts/domain/admin-auth';
import { commentOnTicket } from '../../fieldwork/domain/tickets';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { tickets } from '../../fieldwork/providers/repositories/tickets';

/** An admin or a technician comments on a ticket, as '<role>:<username>'. */
export const handler = routeHandler(contract.adminCommentTicket, async ({ params, body, identity, language }) => commentOnTicket(params.id, body.text, adminActor(identity), { tickets: tickets(), clock: clock() }, language));
