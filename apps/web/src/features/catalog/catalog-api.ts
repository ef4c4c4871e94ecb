import {
  type CheckoutSessionAnswer,
  type CheckoutSessionInput,
  type Product,
  type ProductsResponse,
} from '@examprep/contracts/types';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ApiError } from '../../shared/api/api-client';
import { useApi } from '../../shared/api/api-context';

export const PRODUCTS_QUERY_KEY = ['catalog', 'products'] as const;

/**
 * GET /api/products (public): the catalogue, sorted by the server (type, section, order).
 * One query shared by the dashboard's sections, the purchase form and the admin editor.
 */
export function useProducts() {
  const api = useApi();
  return useQuery<Product[], ApiError>({
    queryKey: PRODUCTS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await api.get<ProductsResponse>('/products', { signal })).products,
    // The catalogue changes rarely (the gateway caches it for 60 s).
    staleTime: 60_000,
  });
}

/** POST /api/create-checkout-session: the server prices the order; the browser sends ids. */
export function useCreateCheckoutSession() {
  const api = useApi();
  return useMutation<CheckoutSessionAnswer, ApiError, CheckoutSessionInput>({
    mutationFn: (input) => api.post<CheckoutSessionAnswer>('/create-checkout-session', input),
    retry: false,
  });
}
