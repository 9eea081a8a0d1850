import { stationEvents } from '../../domain/telemetry';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** A station's latest connection events, newest first. */
export const handler = routeHandler('adminMachineEvents', async ({ params, query }) => stationEvents(params.id, query.limit, data()));
