import * as contract from '@shared/routes';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** Pending claims, counted through GSI1 CLAIMS#pending (the queue's badge; the list reads a page of 50 at most). */
export const handler = routeHandler(contract.adminClaimCounts, async () => repositories.claims().counts());
