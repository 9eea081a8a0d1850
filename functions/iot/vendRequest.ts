import { authorizeVend, type AuthorizeOutcome } from '../domain/vend';
import { vendDeps } from './deps';

/** IoT rule `SELECT *, topic(2) AS stationId FROM 'stations/+/vend/request'`: { token, requestId, stationId }. */
export const handler = async (event: unknown): Promise<AuthorizeOutcome> => authorizeVend(event, vendDeps());
