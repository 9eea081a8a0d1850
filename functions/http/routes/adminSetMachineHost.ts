import { setMachineHost } from '../../domain/hosts';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** An admin links a station to a host account (or unlinks it). */
export const handler = routeHandler(contract.adminSetMachineHost, async ({ params, body }) => setMachineHost(params.id, body, { machines: repositories.machines(), clock: repositories.clock() }));
