import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto } from '../paging/page.dto';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import {
  CHECKOUT_SESSION_ID_PATTERN,
  type CheckoutSessionInput,
  CATALOG_MESSAGES,
  type ProductAccessInput,
  type UpdateUserPurchasesInput,
} from '../types';

/** Product ids are lowercase words joined by '_' (e.g. teas_math_qbank). */
export const PRODUCT_ID_PATTERN = /^[a-z0-9_]{1,64}$/;
/** Keycloak user ids (uuid-like). */
const USER_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
/** More products than the catalogue holds can never be a real order. */
export const MAX_PRODUCTS_PER_ORDER = 20;

export const CATALOG_FIELD_MESSAGES = {
  productId: 'The productId field must be a product id (lowercase letters, digits and _).',
  products: 'The products field must be a list of product ids (lowercase letters, digits and _).',
  productsEmpty: CATALOG_MESSAGES.selectAtLeastOne,
  productsDuplicate: 'The products field must name each product once.',
  productsTooMany: `The products field may name at most ${MAX_PRODUCTS_PER_ORDER} products.`,
  couponCode: 'The couponCode field must be text.',
  uid: 'The uid field is not a valid user id.',
  purchases:
    'The purchases field must be an object mapping product ids (lowercase letters, digits and _) to true or false.',
  sessionId: 'The sessionId is not a checkout session id.',
  outcome: "The outcome field must be 'pay' or 'cancel'.",
  /** The gateway's and the catalog's answer to a webhook delivery it cannot trust. */
  webhookSignature: 'The Stripe-Signature header is missing, wrong or too old.',
} as const;

/** What the buyer chose on the local test checkout page. */
export const DEV_CHECKOUT_OUTCOMES = ['pay', 'cancel'] as const;
export type DevCheckoutOutcome = (typeof DEV_CHECKOUT_OUTCOMES)[number];

/** An object whose own keys are product ids and whose values are booleans (no operators). */
function IsPurchasesMap(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isPurchasesMap',
      validator: {
        validate: (v: unknown) =>
          typeof v === 'object' &&
          v !== null &&
          !Array.isArray(v) &&
          Object.getPrototypeOf(v) === Object.prototype &&
          Object.keys(v).length <= 100 &&
          Object.entries(v).every(
            ([k, val]) => PRODUCT_ID_PATTERN.test(k) && typeof val === 'boolean',
          ),
      },
    },
    options,
  );
}

/** Body of POST /api/check-product-access (learner spec §7). */
export class ProductAccessDto implements ProductAccessInput {
  @ApiProperty({ example: 'teas_math_qbank_full' })
  @IsString({ message: CATALOG_FIELD_MESSAGES.productId })
  @Matches(PRODUCT_ID_PATTERN, { message: CATALOG_FIELD_MESSAGES.productId })
  productId!: string;
}

/**
 * Body of POST /api/create-checkout-session. Only ids and a coupon: any price or amount field
 * is refused as unknown (the server prices from the catalogue).
 */
export class CheckoutSessionDto implements CheckoutSessionInput {
  @ApiProperty({ type: [String], example: ['teas_math_qbank', 'med_dosage_qbank'] })
  @IsArray({ message: CATALOG_FIELD_MESSAGES.products })
  @ArrayMinSize(1, { message: CATALOG_FIELD_MESSAGES.productsEmpty })
  @ArrayMaxSize(MAX_PRODUCTS_PER_ORDER, { message: CATALOG_FIELD_MESSAGES.productsTooMany })
  @ArrayUnique({ message: CATALOG_FIELD_MESSAGES.productsDuplicate })
  @IsString({ each: true, message: CATALOG_FIELD_MESSAGES.products })
  @Matches(PRODUCT_ID_PATTERN, { each: true, message: CATALOG_FIELD_MESSAGES.products })
  products!: string[];

  @ApiPropertyOptional({
    example: 'NURSE10',
    description:
      'Letters and digits, at most 32 (learner spec §5; checked with libs/validation), then against the known coupons.',
  })
  @IsOptional()
  @IsString({ message: CATALOG_FIELD_MESSAGES.couponCode })
  couponCode?: string;
}

/** Body of POST /api/update-user-purchases (admin spec §7). */
export class UpdateUserPurchasesDto implements UpdateUserPurchasesInput {
  @ApiProperty()
  @IsString({ message: CATALOG_FIELD_MESSAGES.uid })
  @Matches(USER_ID_PATTERN, { message: CATALOG_FIELD_MESSAGES.uid })
  uid!: string;

  @ApiProperty({ example: { teas_math_qbank: true, med_dosage_workbook: false } })
  @IsPurchasesMap({ message: CATALOG_FIELD_MESSAGES.purchases })
  purchases!: Record<string, boolean>;
}

/**
 * Query of GET /api/admin/user-purchases?uid=&cursor=&limit=: `cursor` and `limit` page the
 * history (ADR 0026).
 */
export class UserPurchasesQuery extends PageQueryDto {
  @ApiProperty()
  @IsString({ message: CATALOG_FIELD_MESSAGES.uid })
  @Matches(USER_ID_PATTERN, { message: CATALOG_FIELD_MESSAGES.uid })
  uid!: string;
}

/** A Checkout Session id in a path (the payment result's and the local test checkout's routes). */
export class CheckoutSessionParam {
  @ApiProperty()
  @IsString({ message: CATALOG_FIELD_MESSAGES.sessionId })
  @Matches(CHECKOUT_SESSION_ID_PATTERN, { message: CATALOG_FIELD_MESSAGES.sessionId })
  sessionId!: string;
}

/** Path parameter of the local test checkout routes. */
export class DevCheckoutSessionParam extends CheckoutSessionParam {}

/** Body of POST /api/dev-checkout/:sessionId/complete (the local test checkout's Pay / Cancel). */
export class DevCheckoutCompleteDto {
  @ApiProperty({ enum: DEV_CHECKOUT_OUTCOMES, example: 'pay' })
  @IsIn([...DEV_CHECKOUT_OUTCOMES], { message: CATALOG_FIELD_MESSAGES.outcome })
  outcome!: DevCheckoutOutcome;
}
