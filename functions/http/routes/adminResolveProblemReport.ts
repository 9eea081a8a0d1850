import { adminActor } from '../../accounts/domain/admin-auth';
import { resolveProblemReport } from '../../fieldwork/domain/reports';
import { reportDeps } from '../../fieldwork/providers/reports';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';

/** An operator or a technician marks a report resolved, as 'admin:<username>' or 'technician:<username>'. */
export const handler = routeHandler(contract.adminResolveProblemReport, async ({ params, identity }) => resolveProblemReport(params.id, adminActor(identity!), reportDeps()));
