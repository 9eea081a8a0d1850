import { stationEvents } from '../../domain/telemetry';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** A station's latest connection events, newest first. */
export const handler = routeHandler(contract.adminMachineEvents, async ({ params, query }) => stationEvents(params.id, query.limit, { machines: repositories.machines(), telemetry: repositories.telemetry() }));
