import { submitHostRequest } from '../../partners/domain/host-requests';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import { clock, ids } from '../../platform/providers/clock';
import { hostRequests } from '../../partners/providers/repositories/host-requests';

export const handler = routeHandler(contract.createHostRequest, async ({ body }) => submitHostRequest(body, { hostRequests: hostRequests(), clock: clock(), ids: ids() }));
