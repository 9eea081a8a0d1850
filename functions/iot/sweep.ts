import { sweepExpiredSessions } from '../domain/vend-sweep';
import { vendDeps } from '../providers/vend';
import { observedHandler } from '../observability';

/** EventBridge schedule (every minute in AWS; a timer in the local cloud): expire overdue vend sessions, release their holds. */
export const handler = observedHandler('sweep', () => sweepExpiredSessions(vendDeps()), (counts) => (counts.errors ? 'errors' : 'ran'));
