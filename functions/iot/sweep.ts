import { sweepExpiredSessions } from '../domain/vend';
import { vendDeps } from './deps';

/** EventBridge schedule (every minute in AWS; a timer in the local cloud): expire overdue vend sessions, release their holds. */
export const handler = async (_event?: unknown) => sweepExpiredSessions(vendDeps());
