import { createPhotoUpload } from '../../fieldwork/domain/reports';
import { reportDeps } from '../../fieldwork/providers/reports';
import { clientAddress } from '../client-address';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';

/** A presigned POST for one report photo, at most REPORT_LIMITS.uploadsPerHour per client (docs/design.md, "Problem reports"). */
export const handler = routeHandler(contract.createReportPhotoUpload, async ({ body, event }) => createPhotoUpload(body, clientAddress(event), reportDeps()));
