import { adminStats } from '../../domain/admin-stats';
import { routeHandler } from '../route-handler';

export const handler = routeHandler('adminStats', async ({ services }) => adminStats(services));
