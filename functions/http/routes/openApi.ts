import { openApiDocument } from '@shared/openapi';
import * as contract from '@shared/routes';
import { routeHandler } from '../route-handler';

const document = openApiDocument();

export const handler = routeHandler(contract.openApi, async () => document);
