// Types of catalog-content.cjs, for the spec that checks it (apps/catalog).
import type { Product, QuestionPool } from '@examprep/contracts/types';

export interface SeedCoupon {
  _id: string;
  percentOff?: number;
  amountOffCents?: number;
  expiresAt: Date | null;
  active: boolean;
}

export declare const PRODUCTS: Product[];
export declare const COUPONS: SeedCoupon[];
export declare const POOLS: Record<string, QuestionPool>;
