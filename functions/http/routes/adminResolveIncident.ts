import { adminActor } from '../../accounts/domain/admin-auth';
import { resolveIncident } from '../../vending/domain/vend-close';
import * as contract from '@shared/routes/vending';
import { routeHandler } from '../route-handler';
import { secondFactors } from '../../platform/providers/second-factors';
import { log } from '../../platform/observability';
import { clock } from '../../platform/providers/clock';
import { ledger } from '../../wallet/providers/repositories/ledger';
import { vendSessions } from '../../vending/providers/repositories/vend-sessions';

/** An operator settles a vend incident with the volume dispensed, as 'admin:<username>' (docs/architecture.md, Vend incidents). */
export const handler = routeHandler(contract.adminResolveIncident, async ({ params, body, identity }) =>
  resolveIncident(params.id, body, adminActor(identity!), { vendSessions: vendSessions(), ledger: ledger(), clock: clock(), log }), { secondFactors });
