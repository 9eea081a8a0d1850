import { getCommand } from '../../domain/commands';
import { data } from '../../providers/data';
import { routeHandler } from '../route-handler';

/** A command and every station's execution (its partition). */
export const handler = routeHandler('adminGetCommand', async ({ params }) => getCommand(params.id, data()));
