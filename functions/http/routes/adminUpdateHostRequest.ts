import { updateHostRequest } from '../../domain/admin-host-requests';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

export const handler = routeHandler('adminUpdateHostRequest', async ({ params, body }) => updateHostRequest(params.id, body, data()));
