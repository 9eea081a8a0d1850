import { settingsHistory } from '../../system/domain/admin-settings';
import * as contract from '@shared/routes/system';
import { routeHandler } from '../route-handler';
import { adminQueries } from '../../system/providers/repositories/admin-queries';

export const handler = routeHandler(contract.adminSettingsHistory, async ({ query }) => settingsHistory(query.limit, { adminQueries: adminQueries() }));
