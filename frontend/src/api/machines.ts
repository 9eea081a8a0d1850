import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/** Query options for stations, in one place. */
export const machineQueries = {
  all: () => queryOptions({ queryKey: ['machines'], queryFn: ({ signal }) => api('listMachines', { signal }) }),
  one: (id: string) => queryOptions({ queryKey: ['machines', id], queryFn: ({ signal }) => api('getMachine', { params: { id }, signal }) }),
};
