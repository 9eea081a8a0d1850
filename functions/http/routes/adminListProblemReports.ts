import { listProblemReports } from '../../fieldwork/domain/reports';
import { reportDeps } from '../../fieldwork/providers/reports';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';

/** Problem reports of one status, newest first (GSI1 REPORTS#<status>). */
export const handler = routeHandler(contract.adminListProblemReports, async ({ query }) => listProblemReports(query.status, reportDeps()));
