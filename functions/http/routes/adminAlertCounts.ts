import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { alerts } from '../../fleet/providers/repositories/alerts';

/** Open and acknowledged alerts, counted from GSI1 ALERTS#ACTIVE. */
export const handler = routeHandler(contract.adminAlertCounts, async () => alerts().counts());
