import { stationTelemetry } from '../../domain/telemetry';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** A station's readings by receive time (its partition, SK READING#<from>..READING#<to>). */
export const handler = routeHandler(contract.adminMachineTelemetry, async ({ params, query }) => stationTelemetry(params.id, query, { machines: repositories.machines(), telemetry: repositories.telemetry() }));
