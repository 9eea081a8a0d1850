import { updateHostRequest } from '../../domain/admin-host-requests';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler(contract.adminUpdateHostRequest, async ({ params, body }) => updateHostRequest(params.id, body, { hostRequests: repositories.hostRequests(), clock: repositories.clock() }));
