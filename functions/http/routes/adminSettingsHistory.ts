import { settingsHistory } from '../../domain/admin-settings';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

export const handler = routeHandler('adminSettingsHistory', async ({ query }) => settingsHistory(query.limit, data()));
