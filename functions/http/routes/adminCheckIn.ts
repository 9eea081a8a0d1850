import { adminActor } from '../../accounts/domain/admin-auth';
import { checkIn } from '../../fleet/domain/telemetry';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { machines } from '../../stations/providers/repositories/machines';
import { telemetry } from '../../fleet/providers/repositories/telemetry';

/** A technician (or an admin) checks in at a station from where the phone is, recorded as '<role>:<username>'. */
export const handler = routeHandler(contract.adminCheckIn, async ({ params, body, identity }) => checkIn(params.id, adminActor(identity), body, { machines: machines(), telemetry: telemetry(), clock: clock() }));
