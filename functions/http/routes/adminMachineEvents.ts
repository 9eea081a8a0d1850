import { stationEvents } from '../../domain/telemetry';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** A station's latest connection events, newest first. */
export const handler = routeHandler('adminMachineEvents', async ({ params, query }) => stationEvents(params.id, query.limit, { machines: repositories.machines(), telemetry: repositories.telemetry() }));
