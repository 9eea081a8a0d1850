import { hostImpactReport } from '../../partners/domain/hosts';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { machines } from '../../stations/providers/repositories/machines';
import { settings } from '../../platform/providers/repositories/settings';
import { telemetry } from '../../fleet/providers/repositories/telemetry';
import { adminQueries } from '../../system/providers/repositories/admin-queries';

/** The signed-in host's stations and their month; the console sends ID tokens, which carry the e-mail the stations are linked to. */
export const handler = routeHandler(contract.hostImpactReport, async ({ query, identity }) => hostImpactReport(identity.email, query.month, { machines: machines(), telemetry: telemetry(), settings: settings(), adminQueries: adminQueries(), clock: clock() }));
