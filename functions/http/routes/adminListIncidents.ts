import * as contract from '@shared/routes/vending';
import { routeHandler } from '../route-handler';
import { vendSessions } from '../../vending/providers/repositories/vend-sessions';

/** Open vend incidents, oldest first (GSI1 INCIDENTS#OPEN). */
export const handler = routeHandler(contract.adminListIncidents, async ({ query }) => vendSessions().openIncidents(query));
