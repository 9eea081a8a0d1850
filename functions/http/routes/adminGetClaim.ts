import { claimDetail } from '../../domain/claims';
import { data } from '../../providers/data';
import { routeHandler } from '../route-handler';

/** One claim with the station's telemetry around its vend. */
export const handler = routeHandler('adminGetClaim', async ({ params }) => claimDetail(params.id, data()));
