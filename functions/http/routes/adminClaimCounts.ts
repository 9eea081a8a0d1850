import * as contract from '@shared/routes/vending';
import { routeHandler } from '../route-handler';
import { claims } from '../../vending/providers/repositories/claims';

/** Pending claims, counted through GSI1 CLAIMS#pending (the queue's badge; the list reads a page of 50 at most). */
export const handler = routeHandler(contract.adminClaimCounts, async () => claims().counts());
