import { adminActor } from '../../accounts/domain/admin-auth';
import { recordSafety } from '../../fleet/domain/water-safety';
import { log } from '../../platform/observability';
import { files } from '../../platform/providers/files';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { clock, ids } from '../../platform/providers/clock';
import { machines } from '../../stations/providers/repositories/machines';
import { safetyRecords } from '../../fleet/providers/repositories/safety-records';

/** An admin or a technician records a sanitation visit or a lab test (with its PDF, if uploaded), as '<role>:<username>'. */
export const handler = routeHandler(contract.adminRecordSafety, async ({ params, body, identity }) => recordSafety(params.id, body, adminActor(identity), {
  machines: machines(), safetyRecords: safetyRecords(), clock: clock(), ids: ids(), log, files: files(),
}));
