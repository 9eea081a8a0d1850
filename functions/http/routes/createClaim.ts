import { fileClaim } from '../../vending/domain/claims';
import { claimDeps } from '../../vending/providers/claims';
import * as contract from '@shared/routes/vending';
import { routeHandler } from '../route-handler';

/** POST /api/vends/{id}/claim: the caller claims one of their vends (docs/architecture.md, "Claims"). */
export const handler = routeHandler(contract.createClaim, async ({ identity, params, body, language }) => fileClaim(identity.sub, params.id, { ...body, language }, claimDeps()));
