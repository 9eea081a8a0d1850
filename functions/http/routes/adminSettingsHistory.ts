import { settingsHistory } from '../../domain/admin-settings';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler('adminSettingsHistory', async ({ query }) => settingsHistory(query.limit, { adminQueries: repositories.adminQueries() }));
