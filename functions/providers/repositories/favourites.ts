import { DynamoFavourites } from '../../adapters/dynamodb/favourites';
import { provider } from '../provider';
import { table } from '../table';

export const favourites = /* @__PURE__ */ provider(() => new DynamoFavourites(table().db, table().name));
