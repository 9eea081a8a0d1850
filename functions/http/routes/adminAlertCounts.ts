import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** Open and acknowledged alerts, counted from GSI1 ALERTS#ACTIVE. */
export const handler = routeHandler('adminAlertCounts', async () => repositories.alerts().counts());
