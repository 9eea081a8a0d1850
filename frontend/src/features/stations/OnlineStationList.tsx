import { useQuery } from '@tanstack/react-query';
import { machineQueries } from '../../api/machines';
import { isOnline } from './status';

/** The landing page's list of online stations (this slice; the full section is built on top of it). */
export function OnlineStationList({ limit }: { limit: number }) {
  const { data, isPending, isError } = useQuery(machineQueries.all());
  if (isPending) return <p className="text-slate-500">Loading stations...</p>;
  if (isError) return <p className="text-red-700">Stations could not be loaded.</p>;
  const online = data.filter(isOnline);
  return (
    <div>
      <p className="mb-4 text-slate-600" data-testid="online-count">{online.length} stations online</p>
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Online stations">
        {online.slice(0, limit).map((station) => (
          <li key={station.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <p className="font-semibold">{station.name}</p>
            <p className="text-sm text-slate-600">{station.location}</p>
            <p className="mt-2 inline-flex items-center gap-1.5 text-xs font-medium text-emerald-700">
              <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden="true" /> Online
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
