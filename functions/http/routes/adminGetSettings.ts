import * as contract from '@shared/routes/system';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler(contract.adminGetSettings, async () => repositories.settings().get());
