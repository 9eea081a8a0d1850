import { failVend, type CloseOutcome } from '../domain/vend';
import { vendDeps } from './deps';

/** IoT rule `SELECT *, topic(2) AS stationId FROM 'stations/+/vend/failed'`: { sessionId, reason?, stationId }. */
export const handler = async (event: unknown): Promise<CloseOutcome> => failVend(event, vendDeps());
