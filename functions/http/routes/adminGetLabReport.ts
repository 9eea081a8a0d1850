import { labReportLink } from '../../fleet/domain/water-safety';
import { files } from '../../platform/providers/files';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { safetyRecords } from '../../fleet/providers/repositories/safety-records';

/**
 * A 5-minute presigned GET of a lab test's PDF: the browser fetches it from storage, as a 5 MB PDF (6.7 MB in
 * base64) does not fit a function's 6 MB answer the way a report photo's data: URL does.
 */
export const handler = routeHandler(contract.adminGetLabReport, async ({ params }) => labReportLink(params.id, params.recordId, { safetyRecords: safetyRecords(), clock: clock(), files: files() }));
