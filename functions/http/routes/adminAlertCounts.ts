import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** Open and acknowledged alerts, counted from GSI1 ALERTS#ACTIVE. */
export const handler = routeHandler(contract.adminAlertCounts, async () => repositories.alerts().counts());
