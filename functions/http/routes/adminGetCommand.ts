import { getCommand } from '../../fleet/domain/commands';
import * as contract from '@shared/routes/fleet';
import { routeHandler } from '../route-handler';
import { commands } from '../../fleet/providers/repositories/commands';

/** A command and every station's execution (its partition). */
export const handler = routeHandler(contract.adminGetCommand, async ({ params, language }) => getCommand(params.id, { commands: commands() }, language));
