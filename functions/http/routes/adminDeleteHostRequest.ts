import { deleteHostRequest } from '../../domain/admin-host-requests';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler('adminDeleteHostRequest', async ({ params }) => {
  await deleteHostRequest(params.id, { hostRequests: repositories.hostRequests() });
  return null;
});
