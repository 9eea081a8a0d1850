import { adminStats } from '../../domain/admin-stats';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

export const handler = routeHandler('adminStats', async () => adminStats(data()));
