import { updateAdminMachine } from '../../domain/admin-machines';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler(contract.adminUpdateMachine, async ({ params, body }) => updateAdminMachine(params.id, body, { machines: repositories.machines(), settings: repositories.settings(), clock: repositories.clock() }));
