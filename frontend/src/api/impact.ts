import { queryOptions } from '@tanstack/react-query';
import { authedApi } from './auth';

/** The signed-in user's environmental impact, derived from metered litres. Key ['environmental-impact']. */
export const impactQueries = {
  mine: () => queryOptions({ queryKey: ['environmental-impact'] as const, queryFn: ({ signal }) => authedApi('getEnvironmentalImpact', { signal }) }),
};
