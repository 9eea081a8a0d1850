import { stationEvents } from '../../fleet/domain/telemetry';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { machines } from '../../stations/providers/repositories/machines';
import { telemetry } from '../../fleet/providers/repositories/telemetry';

/** A station's latest connection events, newest first. */
export const handler = routeHandler(contract.adminMachineEvents, async ({ params, query }) => stationEvents(params.id, query.limit, { machines: machines(), telemetry: telemetry() }));
