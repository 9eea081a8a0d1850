import { updateAdminMachine } from '../../domain/admin-machines';
import { routeHandler } from '../route-handler';

export const handler = routeHandler('adminUpdateMachine', async ({ params, body, services }) => updateAdminMachine(params.id, body, services));
