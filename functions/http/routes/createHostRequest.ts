import { submitHostRequest } from '../../domain/host-requests';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

export const handler = routeHandler('createHostRequest', async ({ body }) => submitHostRequest(body, data()));
