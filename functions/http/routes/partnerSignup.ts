import { submitHostRequest } from '../../domain/host-requests';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** The documented partner sign-up is a host application by another name. */
export const handler = routeHandler(contract.partnerSignup, async ({ body }) => submitHostRequest(body, { hostRequests: repositories.hostRequests(), clock: repositories.clock(), ids: repositories.ids() }));
