import { safetyOverview } from '../../fleet/domain/water-safety';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { machines } from '../../stations/providers/repositories/machines';
import { safetyRecords } from '../../fleet/providers/repositories/safety-records';
import { settings } from '../../platform/providers/repositories/settings';

/** A station's water safety: lock, sanitation due date, last lab test, history. */
export const handler = routeHandler(contract.adminMachineSafety, async ({ params }) => safetyOverview(params.id, { machines: machines(), safetyRecords: safetyRecords(), settings: settings() }));
