import { DynamoFavourites } from '../../adapters/dynamodb/favourites';
import { provider } from '@functions/platform/providers/provider';
import { table } from '@functions/platform/providers/table';

export const favourites = /* @__PURE__ */ provider(() => new DynamoFavourites(table().db, table().name));
