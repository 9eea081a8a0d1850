import { problemReportPhoto } from '../../fieldwork/domain/reports';
import { reportDeps } from '../../fieldwork/providers/reports';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';

/** The cleaned photo of a report, as a data: URL the admin page shows under the site's CSP. */
export const handler = routeHandler(contract.adminGetProblemReportPhoto, async ({ params }) => problemReportPhoto(params.id, reportDeps()));
