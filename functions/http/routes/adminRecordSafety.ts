import { adminActor } from '../../domain/admin-auth';
import { recordSafety } from '../../domain/water-safety';
import { log } from '../../observability';
import { files } from '../../providers/files';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { clock, ids } from '../../providers/clock';
import { machines } from '../../providers/repositories/machines';
import { safetyRecords } from '../../providers/repositories/safety-records';

/** An admin or a technician records a sanitation visit or a lab test (with its PDF, if uploaded), as '<role>:<username>'. */
export const handler = routeHandler(contract.adminRecordSafety, async ({ params, body, identity }) => recordSafety(params.id, body, adminActor(identity), {
  machines: machines(), safetyRecords: safetyRecords(), clock: clock(), ids: ids(), log, files: files(),
}));
