import { sweepExpiredSessions } from '../domain/vend-sweep';
import { log, observedHandler } from '../observability';
import * as repositories from '../providers/repositories';

/**
 * EventBridge schedule (every minute in AWS; a timer in the local cloud): expire overdue vend sessions and release
 * their holds (a guest order's is then refunded by guestSessionClosed, from the table's stream). Money only: remote
 * commands' executions have a sweep of their own (commandSweep.ts), the alerts too (alertSweep.ts), so this
 * function's role holds no IoT job rights (docs/infrastructure.md, "Least privilege where money is").
 */
export const handler = observedHandler('sweep', () => sweepExpiredSessions({ vendSessions: repositories.vendSessions(), ledger: repositories.ledger(), clock: repositories.clock(), log }), (counts) => (counts.errors ? 'errors' : 'ran'));
