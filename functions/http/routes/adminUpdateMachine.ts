import { updateAdminMachine } from '../../domain/admin-machines';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { clock } from '../../providers/clock';
import { machines as machinesRepository } from '../../providers/repositories/machines';
import { settings } from '../../providers/repositories/settings';

export const handler = routeHandler(contract.adminUpdateMachine, async ({ params, body }) => updateAdminMachine(params.id, body, { machines: machinesRepository(), settings: settings(), clock: clock() }));
