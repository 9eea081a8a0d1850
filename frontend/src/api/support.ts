import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

export const supportQueries = {
  /** The Contact page's WhatsApp number and e-mail address (the settings'). */
  contact: () => queryOptions({ queryKey: ['support', 'contact'] as const, queryFn: ({ signal }) => api('getSupportContact', { signal }) }),
};
