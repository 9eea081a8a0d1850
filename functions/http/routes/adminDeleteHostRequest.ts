import { deleteHostRequest } from '../../domain/admin-host-requests';
import { routeHandler } from '../route-handler';

export const handler = routeHandler('adminDeleteHostRequest', async ({ params, services }) => {
  await deleteHostRequest(params.id, services);
  return null;
});
