import { hostStationImpact } from '../../partners/domain/hosts';
import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import { clock } from '../../platform/providers/clock';
import { machines } from '../../stations/providers/repositories/machines';
import { settings } from '../../platform/providers/repositories/settings';
import { telemetry } from '../../fleet/providers/repositories/telemetry';
import { adminQueries } from '../../system/providers/repositories/admin-queries';

/** One of the signed-in host's stations in a month; 404 for every other station. */
export const handler = routeHandler(contract.hostStationImpact, async ({ params, query, identity }) => hostStationImpact(identity.email, params.id, query.month, { machines: machines(), telemetry: telemetry(), settings: settings(), adminQueries: adminQueries(), clock: clock() }));
