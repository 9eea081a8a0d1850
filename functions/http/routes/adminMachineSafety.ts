import { safetyOverview } from '../../domain/water-safety';
import { routeHandler } from '../route-handler';
import { data } from '../../providers/data';

/** A station's water safety: lock, sanitation due date, last lab test, history. */
export const handler = routeHandler('adminMachineSafety', async ({ params }) => safetyOverview(params.id, data()));
