import { listProblemReports } from '../../domain/reports';
import { reportDeps } from '../../providers/reports';
import { routeHandler } from '../route-handler';

/** Problem reports of one status, newest first (GSI1 REPORTS#<status>). */
export const handler = routeHandler('adminListProblemReports', async ({ query }) => listProblemReports(query.status, reportDeps()));
