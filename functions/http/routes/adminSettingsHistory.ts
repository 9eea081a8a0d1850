import { settingsHistory } from '../../domain/admin-settings';
import * as contract from '@shared/routes/system';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler(contract.adminSettingsHistory, async ({ query }) => settingsHistory(query.limit, { adminQueries: repositories.adminQueries() }));
