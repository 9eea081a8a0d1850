import { safetyOverview } from '../../domain/water-safety';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** A station's water safety: lock, sanitation due date, last lab test, history. */
export const handler = routeHandler(contract.adminMachineSafety, async ({ params }) => safetyOverview(params.id, { machines: repositories.machines(), safetyRecords: repositories.safetyRecords(), settings: repositories.settings() }));
