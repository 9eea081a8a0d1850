import { hostStationImpact } from '../../domain/hosts';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** One of the signed-in host's stations in a month; 404 for every other station. */
export const handler = routeHandler(contract.hostStationImpact, async ({ params, query, identity }) => hostStationImpact(identity.email, params.id, query.month, { machines: repositories.machines(), telemetry: repositories.telemetry(), settings: repositories.settings(), adminQueries: repositories.adminQueries(), clock: repositories.clock() }));
