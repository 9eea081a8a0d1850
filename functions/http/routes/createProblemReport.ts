import { submitProblemReport } from '../../fieldwork/domain/reports';
import { reportDeps } from '../../fieldwork/providers/reports';
import { clientAddress } from '../client-address';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';

/** A problem report at a station; its photo, if any, is checked and cleaned before it is kept. */
export const handler = routeHandler(contract.createProblemReport, async ({ body, event }) => submitProblemReport(body, clientAddress(event), reportDeps()));
