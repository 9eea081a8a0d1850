import { adminActor } from '../../accounts/domain/admin-auth';
import { closeTicket } from '../../fieldwork/domain/tickets';
import { reportDeps } from '../../fieldwork/providers/reports';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';

/** An admin or a technician closes a ticket with a resolution note, resolving its open problem reports with it. */
export const handler = routeHandler(contract.adminCloseTicket, async ({ params, body, identity, language }) => closeTicket(params.id, body.resolution, adminActor(identity), reportDeps(), language));
