import { adminActor } from '../../domain/admin-auth';
import { checkIn } from '../../domain/telemetry';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';
import { clock } from '../../providers/clock';
import { machines } from '../../providers/repositories/machines';
import { telemetry as telemetryRepository } from '../../providers/repositories/telemetry';

/** A technician (or an admin) checks in at a station, recorded as '<role>:<username>'. */
export const handler = routeHandler(contract.adminCheckIn, async ({ params, identity }) => checkIn(params.id, adminActor(identity), { machines: machines(), telemetry: telemetryRepository(), clock: clock() }));
