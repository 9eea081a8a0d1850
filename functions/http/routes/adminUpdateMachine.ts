import { updateAdminMachine } from '../../domain/admin-machines';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

export const handler = routeHandler('adminUpdateMachine', async ({ params, body }) => updateAdminMachine(params.id, body, data()));
