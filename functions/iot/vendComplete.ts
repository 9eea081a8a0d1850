import { completeVend, type CloseOutcome } from '../domain/vend';
import { vendDeps } from './deps';

/** IoT rule `SELECT *, topic(2) AS stationId FROM 'stations/+/vend/complete'`: { sessionId, dispensedMl, stationId }. */
export const handler = async (event: unknown): Promise<CloseOutcome> => completeVend(event, vendDeps());
