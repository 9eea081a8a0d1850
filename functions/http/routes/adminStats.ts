import { adminStats } from '../../domain/admin-stats';
import * as contract from '@shared/routes/system';
import { routeHandler } from '../route-handler';
import { clock } from '../../providers/clock';
import { ledger } from '../../providers/repositories/ledger';
import { machines } from '../../providers/repositories/machines';
import { settings } from '../../providers/repositories/settings';

export const handler = routeHandler(contract.adminStats, async () => adminStats({ machines: machines(), settings: settings(), ledger: ledger(), clock: clock() }));
