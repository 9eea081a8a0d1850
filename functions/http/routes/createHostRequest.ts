import { submitHostRequest } from '../../domain/host-requests';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import { clock, ids } from '../../providers/clock';
import { hostRequests } from '../../providers/repositories/host-requests';

export const handler = routeHandler(contract.createHostRequest, async ({ body }) => submitHostRequest(body, { hostRequests: hostRequests(), clock: clock(), ids: ids() }));
