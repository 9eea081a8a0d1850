import { submitHostRequest } from '../../partners/domain/host-requests';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import { clock, ids } from '../../platform/providers/clock';
import { hostRequests } from '../../partners/providers/repositories/host-requests';

/** The documented partner sign-up is a host application by another name. */
export const handler = routeHandler(contract.partnerSignup, async ({ body }) => submitHostRequest(body, { hostRequests: hostRequests(), clock: clock(), ids: ids() }));
