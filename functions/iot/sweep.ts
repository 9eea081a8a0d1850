import { sweepExpiredSessions } from '../vending/domain/vend-sweep';
import { log, observedHandler } from '../platform/observability';
import { clock } from '../platform/providers/clock';
import { ledger } from '../wallet/providers/repositories/ledger';
import { machines } from '../stations/providers/repositories/machines';
import { settings } from '../platform/providers/repositories/settings';
import { vendSessions } from '../vending/providers/repositories/vend-sessions';

/**
 * EventBridge schedule (every minute in AWS; a timer in the local cloud): expire overdue vend sessions and release
 * their holds, and mark due the refund in full of expired guest sessions whose station can no longer report (made by
 * guestSessionClosed, from the table's stream: the sweep holds no payment key). Money only: remote
 * commands' executions have a sweep of their own (commandSweep.ts), the alerts too (alertSweep.ts), so this
 * function's role holds no IoT job rights (docs/infrastructure.md, "Least privilege where money is").
 */
export const handler = observedHandler('sweep', () => sweepExpiredSessions({
  vendSessions: vendSessions(), ledger: ledger(), machines: machines(), settings: settings(), clock: clock(), log,
}), (counts) => (counts.errors ? 'errors' : 'ran'));
