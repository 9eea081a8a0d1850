import { HostRequestInput, type HostRequest } from '@shared/schemas/host-request';
import type { Clock, Ids } from '../../platform/ports/clock';
import type { HostRequests } from '../ports/host-requests';

/** A new application is stored as pending, stamped with the time it arrived. */
export async function submitHostRequest(
  input: HostRequestInput,
  deps: { hostRequests: HostRequests; clock: Clock; ids: Ids },
): Promise<HostRequest> {
  const parsed = HostRequestInput.parse(input);
  const now = deps.clock.now().toISOString();
  const request: HostRequest = { id: deps.ids.next(), ...parsed, status: 'pending', adminNotes: '', createdAt: now, updatedAt: now };
  await deps.hostRequests.create(request);
  return request;
}
