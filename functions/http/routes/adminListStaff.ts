import { assignableStaff } from '../../domain/tickets';
import { staffDirectory } from '../../providers/staff-directory';
import { routeHandler } from '../route-handler';

/** The ticket page's assignee picker: administrators and technicians from the pool's groups. */
export const handler = routeHandler('adminListStaff', () => assignableStaff({ staff: staffDirectory() }));
