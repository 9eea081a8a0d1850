import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** Open and acknowledged alerts, counted from GSI1 ALERTS#ACTIVE. */
export const handler = routeHandler('adminAlertCounts', async () => data().alerts.counts());
