import { claimDetail } from '../../vending/domain/claims';
import * as contract from '@shared/routes/vending';
import { routeHandler } from '../route-handler';
import { claims } from '../../vending/providers/repositories/claims';
import { telemetry } from '../../fleet/providers/repositories/telemetry';
import { vendSessions } from '../../vending/providers/repositories/vend-sessions';

/** One claim with the station's telemetry around its vend. */
export const handler = routeHandler(contract.adminGetClaim, async ({ params }) => claimDetail(params.id, { vendSessions: vendSessions(), claims: claims(), telemetry: telemetry() }));
