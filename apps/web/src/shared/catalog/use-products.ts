import { type Product } from '@examprep/contracts/types';
import { useQuery } from '@tanstack/react-query';
import { type ApiError } from '../api/api-client';
import { useApi } from '../api/api-context';

export const PRODUCTS_QUERY_KEY = ['catalog', 'products'] as const;

/**
 * GET /api/products (public): the catalogue, sorted by the server (type, section, order).
 * One query shared by the dashboard's sections, its purchase forms and the admin purchases
 * editor.
 */
export function useProducts() {
  const api = useApi();
  return useQuery<Product[], ApiError>({
    queryKey: PRODUCTS_QUERY_KEY,
    queryFn: async ({ signal }) => (await api.GET('/api/products', { signal })).products,
    // The catalogue changes rarely (the gateway caches it for 60 s).
    staleTime: 60_000,
  });
}
