import { submitHostRequest } from '../../domain/host-requests';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** The documented partner sign-up is a host application by another name. */
export const handler = routeHandler('partnerSignup', async ({ body }) => submitHostRequest(body, data()));
