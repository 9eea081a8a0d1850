import { settingsHistory } from '../../domain/admin-settings';
import { routeHandler } from '../route-handler';

export const handler = routeHandler('adminSettingsHistory', async ({ query, services }) => settingsHistory(query.limit, services));
