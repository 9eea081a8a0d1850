import { listCommands } from '../../domain/commands';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** Commands newest first (GSI1 COMMANDS). */
export const handler = routeHandler('adminListCommands', async ({ query, language }) => listCommands(query, { commands: repositories.commands() }, language));
