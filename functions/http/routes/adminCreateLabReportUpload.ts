import { createLabReportUpload } from '../../fleet/domain/water-safety';
import { files } from '../../platform/providers/files';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { clock, ids } from '../../platform/providers/clock';
import { machines } from '../../stations/providers/repositories/machines';

/** A presigned POST for one lab test's PDF report (docs/stations.md, "Water safety"). */
export const handler = routeHandler(contract.adminCreateLabReportUpload, async ({ params }) => createLabReportUpload(params.id, { machines: machines(), clock: clock(), ids: ids(), files: files() }));
