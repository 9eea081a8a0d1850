import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

export const handler = routeHandler('adminGetSettings', async () => data().settings.get());
