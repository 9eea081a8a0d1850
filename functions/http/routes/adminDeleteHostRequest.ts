import { deleteHostRequest } from '../../domain/admin-host-requests';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

export const handler = routeHandler('adminDeleteHostRequest', async ({ params }) => {
  await deleteHostRequest(params.id, data());
  return null;
});
