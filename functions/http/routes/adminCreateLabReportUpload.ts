import { createLabReportUpload } from '../../domain/water-safety';
import { files } from '../../providers/files';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** A presigned POST for one lab test's PDF report (docs/stations.md, "Water safety"). */
export const handler = routeHandler(contract.adminCreateLabReportUpload, async ({ params }) => createLabReportUpload(params.id, { machines: repositories.machines(), clock: repositories.clock(), ids: repositories.ids(), files: files() }));
