import { assignableStaff } from '../../fieldwork/domain/tickets';
import { staffDirectory } from '../../accounts/providers/staff-directory';
import * as contract from '@shared/routes/fieldwork';
import { routeHandler } from '../route-handler';

/** The ticket page's assignee picker: administrators and technicians from the pool's groups. */
export const handler = routeHandler(contract.adminListStaff, () => assignableStaff({ staff: staffDirectory() }));
