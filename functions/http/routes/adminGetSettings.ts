import * as contract from '@shared/routes/system';
import { routeHandler } from '../route-handler';
import { settings } from '../../platform/providers/repositories/settings';

export const handler = routeHandler(contract.adminGetSettings, async () => settings().get());
