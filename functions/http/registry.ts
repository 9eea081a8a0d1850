import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { RouteId } from '@shared/routes';

export type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;

/** Source file of each route's Lambda handler (export `handler`), relative to the repository root. */
export const handlerEntry = (id: RouteId) => `functions/http/routes/${id}.ts`;

/** Loads a route's handler as the Lambda runtime would: the module's `handler` export. */
export async function loadHandler(id: RouteId): Promise<HttpHandler> {
  const module = (await import(`./routes/${id}.ts`)) as { handler?: HttpHandler };
  if (typeof module.handler !== 'function') throw new Error(`functions/http/routes/${id}.ts exports no handler`);
  return module.handler;
}
