import { adminActor } from '../../domain/admin-auth';
import { checkIn } from '../../domain/telemetry';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** A technician (or an admin) checks in at a station, recorded as '<role>:<username>'. */
export const handler = routeHandler(contract.adminCheckIn, async ({ params, identity }) => checkIn(params.id, adminActor(identity), { machines: repositories.machines(), telemetry: repositories.telemetry(), clock: repositories.clock() }));
