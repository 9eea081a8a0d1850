import { useMutation } from '@tanstack/react-query';
import type { HostRequestInput } from '@shared/schemas/host-request';
import { publicApi } from './public-fetch';

/** Submits the partner form (POST /api/host-requests); only the ok flag is used. */
export function useHostApplication() {
  return useMutation({ mutationFn: (body: HostRequestInput) => publicApi.createHostRequest(body) });
}
