import { listCommands } from '../../domain/commands';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** Commands newest first (GSI1 COMMANDS). */
export const handler = routeHandler(contract.adminListCommands, async ({ query, language }) => listCommands(query, { commands: repositories.commands() }, language));
