import { claimDetail } from '../../domain/claims';
import * as contract from '@shared/routes/vending';
import { routeHandler } from '../route-handler';
import { claims as claimsRepository } from '../../providers/repositories/claims';
import { telemetry as telemetryRepository } from '../../providers/repositories/telemetry';
import { vendSessions } from '../../providers/repositories/vend-sessions';

/** One claim with the station's telemetry around its vend. */
export const handler = routeHandler(contract.adminGetClaim, async ({ params }) => claimDetail(params.id, { vendSessions: vendSessions(), claims: claimsRepository(), telemetry: telemetryRepository() }));
