import { settingsHistory } from '../../domain/admin-settings';
import * as contract from '@shared/routes/system';
import { routeHandler } from '../route-handler';
import { adminQueries } from '../../providers/repositories/admin-queries';

export const handler = routeHandler(contract.adminSettingsHistory, async ({ query }) => settingsHistory(query.limit, { adminQueries: adminQueries() }));
