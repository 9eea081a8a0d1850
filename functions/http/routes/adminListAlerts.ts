import { listAlerts } from '../../domain/alerts';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** Alerts newest first (GSI1 ALERTS#ACTIVE or ALERTS#RESOLVED), filtered by status, station and rule. */
export const handler = routeHandler('adminListAlerts', async ({ query }) => listAlerts(query, data()));
