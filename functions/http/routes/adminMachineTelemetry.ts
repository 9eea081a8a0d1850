import { stationTelemetry } from '../../fleet/domain/telemetry';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { machines } from '../../stations/providers/repositories/machines';
import { telemetry } from '../../fleet/providers/repositories/telemetry';

/** A station's readings by receive time (its partition, SK READING#<from>..READING#<to>). */
export const handler = routeHandler(contract.adminMachineTelemetry, async ({ params, query }) => stationTelemetry(params.id, query, { machines: machines(), telemetry: telemetry() }));
