import { updateHostRequest } from '../../domain/admin-host-requests';
import { routeHandler } from '../route-handler';

export const handler = routeHandler('adminUpdateHostRequest', async ({ params, body, services }) => updateHostRequest(params.id, body, services));
