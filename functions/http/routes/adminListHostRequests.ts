import { routeHandler } from '../route-handler';

/** Newest first (the HOSTREQS collection is read in descending creation order). */
export const handler = routeHandler('adminListHostRequests', async ({ services }) => services.hostRequests.list());
