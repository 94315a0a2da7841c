import type { ClientConfig } from '@quits/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './http';

/** The server's public configuration (GET /api/config), read once per page load. */
export const serverConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => apiRequest<ClientConfig>('/config'),
  staleTime: Number.POSITIVE_INFINITY,
});
