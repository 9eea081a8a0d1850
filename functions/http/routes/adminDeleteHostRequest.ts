import { deleteHostRequest } from '../../partners/domain/admin-host-requests';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import { hostRequests } from '../../partners/providers/repositories/host-requests';

export const handler = routeHandler(contract.adminDeleteHostRequest, async ({ params }) => {
  await deleteHostRequest(params.id, { hostRequests: hostRequests() });
  return null;
});
