import { updateHostRequest } from '../../domain/admin-host-requests';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler('adminUpdateHostRequest', async ({ params, body }) => updateHostRequest(params.id, body, { hostRequests: repositories.hostRequests(), clock: repositories.clock() }));
