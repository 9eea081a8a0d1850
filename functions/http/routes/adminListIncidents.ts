import * as contract from '@shared/routes/vending';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** Open vend incidents, oldest first (GSI1 INCIDENTS#OPEN). */
export const handler = routeHandler(contract.adminListIncidents, async ({ query }) => repositories.vendSessions().openIncidents(query));
