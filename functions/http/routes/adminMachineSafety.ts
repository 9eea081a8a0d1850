import { safetyOverview } from '../../domain/water-safety';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { machines } from '../../providers/repositories/machines';
import { safetyRecords } from '../../providers/repositories/safety-records';
import { settings } from '../../providers/repositories/settings';

/** A station's water safety: lock, sanitation due date, last lab test, history. */
export const handler = routeHandler(contract.adminMachineSafety, async ({ params }) => safetyOverview(params.id, { machines: machines(), safetyRecords: safetyRecords(), settings: settings() }));
