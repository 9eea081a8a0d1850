import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** Newest first (the HOSTREQS collection is read in descending creation order). */
export const handler = routeHandler('adminListHostRequests', async () => data().hostRequests.list());
