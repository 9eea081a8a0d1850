import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** Open vend incidents, oldest first (GSI1 INCIDENTS#OPEN). */
export const handler = routeHandler('adminListIncidents', async ({ query }) => data().vendSessions.openIncidents(query));
