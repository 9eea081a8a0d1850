import type { HostRequest, HostRequestPatch } from '@shared/schemas/host-request';
import type * as z from 'zod/mini';
import type { Clock } from '../../platform/ports/clock';
import type { HostRequests } from '../ports/host-requests';
import { invalid, notFound } from '../../platform/domain/errors';
import * as texts from './texts';

/** A status change from the dropdown, or the whole edit form; no ordering of statuses is enforced. */
export async function updateHostRequest(
  id: string,
  patch: z.output<typeof HostRequestPatch>,
  deps: { hostRequests: HostRequests; clock: Clock },
): Promise<HostRequest> {
  const fields = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<HostRequest>;
  if (Object.keys(fields).length === 0) throw invalid(texts.nothingToChange);
  const updated = await deps.hostRequests.update(id, { ...fields, updatedAt: deps.clock.now().toISOString() });
  if (!updated) throw notFound(texts.hostRequestNotFound);
  return updated;
}

export async function deleteHostRequest(id: string, deps: { hostRequests: HostRequests }) {
  if (!(await deps.hostRequests.remove(id))) throw notFound(texts.hostRequestNotFound);
}
