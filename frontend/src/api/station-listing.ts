import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Machine, StationType } from '@shared/schemas/machine';
import { authedApi } from './auth';
import { stationQueries } from './stations';
import { adminQueries } from './admin';

/**
 * The admin keeps a station off the public lists or names the kind of place it is at (PATCH of the station, its name,
 * location and status as they are); the console's and the public lists are read again.
 */
export function useUpdateStationListing(machine: Machine) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { hidden?: boolean; type?: StationType | null }) =>
      authedApi('adminUpdateMachine', { params: { id: machine.id }, body: { name: machine.name, location: machine.location, status: machine.status, ...change } }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminQueries.station(machine.id).queryKey, saved);
      await Promise.all([queryClient.invalidateQueries({ queryKey: adminQueries.machines().queryKey }), queryClient.invalidateQueries({ queryKey: stationQueries.all().queryKey })]);
    },
  });
}
