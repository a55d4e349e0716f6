import { QUERY_DEFAULTS } from '@d3/api-client';
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
