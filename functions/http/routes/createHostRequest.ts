import { submitHostRequest } from '../../domain/host-requests';
import { routeHandler } from '../route-handler';

export const handler = routeHandler('createHostRequest', async ({ body, services }) => submitHostRequest(body, services));
