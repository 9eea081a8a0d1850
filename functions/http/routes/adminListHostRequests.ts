import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** Newest first (the HOSTREQS collection read in descending creation order), a page at a time with a cursor. */
export const handler = routeHandler(contract.adminListHostRequests, async ({ query }) => repositories.hostRequests().list(query));
