import { setMachineHost } from '../../domain/hosts';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** An admin links a station to a host account (or unlinks it). */
export const handler = routeHandler('adminSetMachineHost', async ({ params, body }) => setMachineHost(params.id, body.hostEmail, data()));
