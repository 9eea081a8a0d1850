import { openApiDocument } from '@shared/openapi';
import { routeHandler } from '../route-handler';

const document = openApiDocument();

export const handler = routeHandler('openApi', async () => document);
