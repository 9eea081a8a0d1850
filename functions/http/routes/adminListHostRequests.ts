import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** Newest first (the HOSTREQS collection read in descending creation order), a page at a time with a cursor. */
export const handler = routeHandler('adminListHostRequests', async ({ query }) => data().hostRequests.list(query));
