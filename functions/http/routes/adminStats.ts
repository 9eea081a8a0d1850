import { adminStats } from '../../domain/admin-stats';
import * as contract from '@shared/routes/system';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler(contract.adminStats, async () => adminStats({ machines: repositories.machines(), settings: repositories.settings(), ledger: repositories.ledger(), clock: repositories.clock() }));
