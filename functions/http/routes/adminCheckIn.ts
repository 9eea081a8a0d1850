import { adminActor } from '../../domain/admin-auth';
import { checkIn } from '../../domain/telemetry';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** A technician (or an admin) checks in at a station from where the phone is, recorded as '<role>:<username>'. */
export const handler = routeHandler(contract.adminCheckIn, async ({ params, body, identity }) => checkIn(params.id, adminActor(identity), body, { machines: repositories.machines(), telemetry: repositories.telemetry(), clock: repositories.clock() }));
