import { useMutation } from '@tanstack/react-query';
import type { HostRequestInput } from '../../../shared/schemas';
import { api } from './client';

export function useSubmitHostRequest() {
  return useMutation({ mutationFn: (body: HostRequestInput) => api('createHostRequest', { body }) });
}
