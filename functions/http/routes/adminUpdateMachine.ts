import { updateAdminMachine } from '../../fleet/domain/admin-machines';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { machines } from '../../stations/providers/repositories/machines';
import { settings } from '../../platform/providers/repositories/settings';

export const handler = routeHandler(contract.adminUpdateMachine, async ({ params, body }) => updateAdminMachine(params.id, body, { machines: machines(), settings: settings(), clock: clock() }));
