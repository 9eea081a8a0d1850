import { setMachineHost } from '../../partners/domain/hosts';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { machines } from '../../stations/providers/repositories/machines';

/** An admin links a station to a host account (or unlinks it). */
export const handler = routeHandler(contract.adminSetMachineHost, async ({ params, body }) => setMachineHost(params.id, body, { machines: machines(), clock: clock() }));
