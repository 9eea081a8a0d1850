import { updateHostRequest } from '../../partners/domain/admin-host-requests';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { hostRequests } from '../../partners/providers/repositories/host-requests';

export const handler = routeHandler(contract.adminUpdateHostRequest, async ({ params, body }) => updateHostRequest(params.id, body, { hostRequests: hostRequests(), clock: clock() }));
