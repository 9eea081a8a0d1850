import { routeHandler } from '../route-handler';

export const handler = routeHandler('adminGetSettings', async ({ services }) => services.settings.get());
