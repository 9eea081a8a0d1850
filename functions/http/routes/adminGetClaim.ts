import { claimDetail } from '../../domain/claims';
import * as contract from '@shared/routes/vending';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** One claim with the station's telemetry around its vend. */
export const handler = routeHandler(contract.adminGetClaim, async ({ params }) => claimDetail(params.id, { vendSessions: repositories.vendSessions(), claims: repositories.claims(), telemetry: repositories.telemetry() }));
