import {
  CATALOG_LABELS,
  CATALOG_MESSAGES,
  formatUsd,
  PRICE_PER_ITEM_CENTS,
  type ProductSection,
} from '@examprep/contracts/types';
import { COUPON_MESSAGES } from '@examprep/validation';

/**
 * Texts of the dashboard's product sections (learner spec §2 Dashboard, §5 Coupon and
 * Purchase, §8 Products and Checkout, §9). The spec's sentences and labels come from the
 * contracts (CATALOG_MESSAGES, CATALOG_LABELS) and the coupon validator (COUPON_MESSAGES).
 */
export const PRODUCTS_MESSAGES = {
  ...CATALOG_MESSAGES,
  ...CATALOG_LABELS,
  couponHint: COUPON_MESSAGES.cardHint,
  couponInvalid: COUPON_MESSAGES.cardInvalid,
  couponInvalidCharacters: COUPON_MESSAGES.invalidCharacters,

  mathProducts: 'Math Products',
  tutoringPromotion: 'Tutoring Promotion Bundle',
  whichProduct: 'Which Product Should You Get?',
  infiniteQbank: 'Infinite QBank',
  medDosageProducts: 'Med Dosage Products',
  teasMathProducts: 'TEAS Math Products',
  loadingProducts: 'Loading products…',
  noProducts: 'No products are available here yet. Please check back soon.',
  free: 'Free',
  owned: 'Owned',
  price: (cents: number) => formatUsd(cents),
  includesLabel: (name: string) => `Includes for ${name}`,

  purchaseMath: 'Purchase Math Products',
  purchaseIntro: 'Choose the products you want, agree to the terms and pay securely by card.',
  chooseProducts: 'Products',
  ownedSuffix: '(owned)',
  allOwned: 'You own every math product. Thank you!',
  loadingPurchaseOptions: 'Loading purchase options…',
  agreeLabel: 'I agree to the terms and conditions.',
  termsTitle: 'Terms and conditions',
  terms:
    'One-time card payment, not a subscription. Digital products are for your personal use only and may not be shared or resold. Access starts as soon as the payment is confirmed.',
  couponLabel: 'Coupon code (optional)',
  subtotal: 'Subtotal',
  bundleDiscount: 'Bundle discount',
  total: 'Total',
  couponTotalNote:
    'With a coupon the bundle discount does not apply; the coupon is applied on the payment page.',
  buy: 'Buy Now',
  redirecting: 'Redirecting to checkout…',
  close: 'Close',

  tutoring: 'Tutoring',
  tutoringText:
    'One-to-one tutoring for TEAS Math and Med Dosage math, at your pace, on the topics you find hardest.',
  tutoringPromotionText: `Book and pre-pay at least a 1-hour tutoring session and get a free workbook or QBank of your choice (${formatUsd(PRICE_PER_ITEM_CENTS)} value).`,
  tutoringExclusion: 'The Infinite QBank is excluded (it is free in open beta).',
  tutoringHowTo: 'Use Contact below to get our number and book your session.',

  alternativePayments: 'Alternative Payments',
  alternativePaymentsText:
    'Cannot pay by card? Use Contact below to arrange another way to pay; we add the products to your account once the payment has arrived.',

  designProducts: 'Design Products',
  free3d: 'Free 3D Assets',
  premium3d: 'Premium 3D Assets',
  freeAndroid: 'Free Android Stuff',
  premiumAndroid: 'Premium Android Stuff',
  buyProduct: (name: string) => `Buy ${name}`,
} as const;

/** Learner spec §9 Product table ('Which Product Should You Get?'). */
export const PRODUCT_TABLE = {
  caption: 'The math products compared',
  columns: ['Product', 'What you get', 'Price'],
  rows: [
    {
      product: 'TEAS Math Workbook',
      content: '1000+ questions with videos',
      price: formatUsd(PRICE_PER_ITEM_CENTS),
    },
    {
      product: 'TEAS Math QBank',
      content: '200+ questions',
      price: formatUsd(PRICE_PER_ITEM_CENTS),
    },
    {
      product: 'Med Dosage Workbook',
      content: '250+ questions with videos',
      price: formatUsd(PRICE_PER_ITEM_CENTS),
    },
    {
      product: 'Med Dosage QBank',
      content: '60+ questions without videos',
      price: formatUsd(PRICE_PER_ITEM_CENTS),
    },
    { product: 'Infinite QBank', content: 'Unlimited questions', price: 'Free in open beta' },
  ],
  advice:
    'Workbooks teach with a video for every question; QBanks test you with worked explanations. Start with a free sample QBank to see which suits you.',
} as const;

/** The design tab's accordions (learner spec §2 Design tab): section and free or premium. */
export const DESIGN_GROUPS: {
  key: string;
  title: string;
  section: ProductSection;
  paid: boolean;
}[] = [
  { key: 'free-3d', title: PRODUCTS_MESSAGES.free3d, section: '3d', paid: false },
  { key: 'premium-3d', title: PRODUCTS_MESSAGES.premium3d, section: '3d', paid: true },
  { key: 'free-android', title: PRODUCTS_MESSAGES.freeAndroid, section: 'android', paid: false },
  {
    key: 'premium-android',
    title: PRODUCTS_MESSAGES.premiumAndroid,
    section: 'android',
    paid: true,
  },
];
