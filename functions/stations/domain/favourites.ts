import type { Clock } from '../../platform/ports/clock';
import type { Favourites } from '../ports/favourites';
import type { Machines } from '../ports/machines';
import { notFound } from '../../platform/domain/errors';
import * as texts from './texts';

interface FavouriteDeps {
  favourites: Favourites;
  machines: Machines;
  clock: Clock;
}

/** Stars a station for the user (again is fine); a station that does not exist is refused. Answers all their stars. */
export async function starStation(deps: FavouriteDeps, userId: string, stationId: string): Promise<{ stationIds: string[] }> {
  if (!(await deps.machines.get(stationId))) throw notFound(texts.stationIdNotFound(stationId));
  await deps.favourites.add(userId, stationId, deps.clock.now().toISOString());
  return { stationIds: await deps.favourites.list(userId) };
}

/** Removes a star (one that is not there is fine, so a station taken out of service can still be unstarred). */
export async function unstarStation(deps: Pick<FavouriteDeps, 'favourites'>, userId: string, stationId: string): Promise<{ stationIds: string[] }> {
  await deps.favourites.remove(userId, stationId);
  return { stationIds: await deps.favourites.list(userId) };
}
