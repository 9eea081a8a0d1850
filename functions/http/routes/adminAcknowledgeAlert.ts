import { adminActor } from '../../accounts/domain/admin-auth';
import { acknowledgeAlert } from '../../fleet/domain/alerts';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { alerts } from '../../fleet/providers/repositories/alerts';
import { clock } from '../../platform/providers/clock';

/** An admin or a technician takes an alert on, as '<role>:<username>': no more e-mails about it. */
export const handler = routeHandler(contract.adminAcknowledgeAlert, async ({ params, identity, language }) => acknowledgeAlert(params.id, adminActor(identity), { alerts: alerts(), clock: clock() }, language));
