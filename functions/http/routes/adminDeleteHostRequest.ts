import { deleteHostRequest } from '../../domain/admin-host-requests';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

export const handler = routeHandler(contract.adminDeleteHostRequest, async ({ params }) => {
  await deleteHostRequest(params.id, { hostRequests: repositories.hostRequests() });
  return null;
});
