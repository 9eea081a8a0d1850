import { listAlerts } from '../../fleet/domain/alerts';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { alerts } from '../../fleet/providers/repositories/alerts';

/** Alerts newest first (GSI1 ALERTS#ACTIVE or ALERTS#RESOLVED), filtered by status, station and rule. */
export const handler = routeHandler(contract.adminListAlerts, async ({ query, language }) => listAlerts(query, { alerts: alerts() }, language));
