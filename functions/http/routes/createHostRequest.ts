import { submitHostRequest } from '../../domain/host-requests';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler('createHostRequest', async ({ body }) => submitHostRequest(body, { hostRequests: repositories.hostRequests(), clock: repositories.clock(), ids: repositories.ids() }));
