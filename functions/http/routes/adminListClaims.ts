import { listClaims } from '../../vending/domain/claims';
import * as contract from '@shared/routes/vending';
import { routeHandler } from '../route-handler';
import { claims } from '../../vending/providers/repositories/claims';

/** The claims of one status (GSI1 CLAIMS#<status>): the queue oldest first. */
export const handler = routeHandler(contract.adminListClaims, async ({ query }) => listClaims(query, { claims: claims() }));
