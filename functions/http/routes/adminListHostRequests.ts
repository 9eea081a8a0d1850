import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import { hostRequests } from '../../partners/providers/repositories/host-requests';

/** Newest first (the HOSTREQS collection read in descending creation order), a page at a time with a cursor. */
export const handler = routeHandler(contract.adminListHostRequests, async ({ query }) => hostRequests().list(query));
