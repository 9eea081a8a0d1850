import { adminActor } from '../../domain/admin-auth';
import { resolveIncident } from '../../domain/vend-close';
import * as contract from '@shared/routes';
import { routeHandler } from '../route-handler';
import { vendDeps } from '../../providers/vend';

/** An operator settles a vend incident with the volume dispensed, as 'admin:<username>' (docs/architecture.md, Vend incidents). */
export const handler = routeHandler(contract.adminResolveIncident, async ({ params, body, identity }) =>
  resolveIncident(params.id, body, adminActor(identity!), vendDeps()));
