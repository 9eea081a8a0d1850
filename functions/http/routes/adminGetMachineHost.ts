import { machineHost } from '../../domain/hosts';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** The host account a station is linked to. */
export const handler = routeHandler('adminGetMachineHost', async ({ params }) => machineHost(params.id, data()));
