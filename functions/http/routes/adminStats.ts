import { adminStats } from '../../system/domain/admin-stats';
import * as contract from '@shared/routes/system';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { ledger } from '../../wallet/providers/repositories/ledger';
import { machines } from '../../stations/providers/repositories/machines';
import { settings } from '../../platform/providers/repositories/settings';

export const handler = routeHandler(contract.adminStats, async () => adminStats({ machines: machines(), settings: settings(), ledger: ledger(), clock: clock() }));
