import { stationTelemetry } from '../../domain/telemetry';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** A station's readings by receive time (its partition, SK READING#<from>..READING#<to>). */
export const handler = routeHandler('adminMachineTelemetry', async ({ params, query }) => stationTelemetry(params.id, query, data()));
