import { listClaims } from '../../domain/claims';
import { data } from '../../providers/data';
import { routeHandler } from '../route-handler';

/** The claims of one status (GSI1 CLAIMS#<status>): the queue oldest first. */
export const handler = routeHandler('adminListClaims', async ({ query }) => listClaims(query, data()));
