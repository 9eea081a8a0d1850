import { submitHostRequest } from '../../domain/host-requests';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler(contract.createHostRequest, async ({ body }) => submitHostRequest(body, { hostRequests: repositories.hostRequests(), clock: repositories.clock(), ids: repositories.ids() }));
