import { listCommands } from '../../domain/commands';
import { data } from '../../providers/data';
import { routeHandler } from '../route-handler';

/** Commands newest first (GSI1 COMMANDS). */
export const handler = routeHandler('adminListCommands', async ({ query }) => listCommands(query, data()));
