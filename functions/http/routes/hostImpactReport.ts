import { hostImpactReport } from '../../domain/hosts';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** The signed-in host's stations and their month; the console sends ID tokens, which carry the e-mail the stations are linked to. */
export const handler = routeHandler(contract.hostImpactReport, async ({ query, identity }) => hostImpactReport(identity.email, query.month, { machines: repositories.machines(), telemetry: repositories.telemetry(), settings: repositories.settings(), adminQueries: repositories.adminQueries(), clock: repositories.clock() }));
