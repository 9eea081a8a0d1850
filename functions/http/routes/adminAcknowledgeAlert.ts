import { adminActor } from '../../domain/admin-auth';
import { acknowledgeAlert } from '../../domain/alerts';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** An admin takes an alert on, as 'admin:<username>': no more e-mails about it. */
export const handler = routeHandler('adminAcknowledgeAlert', async ({ params, identity }) => acknowledgeAlert(params.id, adminActor(identity), data()));
