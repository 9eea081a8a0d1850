import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler('adminGetSettings', async () => repositories.settings().get());
