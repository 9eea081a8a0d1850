import { machineHost } from '../../partners/domain/hosts';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import { machines } from '../../stations/providers/repositories/machines';

/** The host account a station is linked to. */
export const handler = routeHandler(contract.adminGetMachineHost, async ({ params }) => machineHost(params.id, { machines: machines() }));
