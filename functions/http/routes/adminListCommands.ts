import { listCommands } from '../../fleet/domain/commands';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { commands } from '../../fleet/providers/repositories/commands';

/** Commands newest first (GSI1 COMMANDS). */
export const handler = routeHandler(contract.adminListCommands, async ({ query, language }) => listCommands(query, { commands: commands() }, language));
