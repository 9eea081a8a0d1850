import { DynamoFavourites } from '../../adapters/dynamodb/favourites';
import { provider } from '../../../platform/providers/provider';
import { table } from '../../../platform/providers/table';

export const favourites = /* @__PURE__ */ provider(() => new DynamoFavourites(table().db, table().name));
