/**
 * What a placed link opens (Deep Linking puts it in the link's custom parameters, the launch reads
 * it back): custom parameters are the one place LTI gives a tool for its own data on a link, and
 * they come back signed in every launch (LTI Core 1.3 §5.4.6).
 */
import { type LtiResource, PRODUCT_ID_PATTERN } from '@examprep/contracts';

export type LinkedResource = LtiResource;

/** The custom parameter names (prefixed: a platform may add its own). */
export const CUSTOM = {
  kind: 'examprep_kind',
  product: 'examprep_product',
  include: 'examprep_include',
  mode: 'examprep_mode',
} as const;

/** The custom parameters that name `resource`. */
export function customOf(resource: LinkedResource): Record<string, string> {
  switch (resource.kind) {
    case 'test':
      return {
        [CUSTOM.kind]: 'test',
        [CUSTOM.product]: resource.productId,
        [CUSTOM.include]: resource.includeId,
        [CUSTOM.mode]: resource.mode,
      };
    case 'workbook':
      return { [CUSTOM.kind]: 'workbook', [CUSTOM.product]: resource.productId };
    default:
      return { [CUSTOM.kind]: resource.kind };
  }
}

/**
 * The resource the custom parameters name; a link without ours (placed by hand in the LMS, or by
 * an older version) opens the dashboard.
 */
export function resourceOf(custom: Readonly<Record<string, string>>): LinkedResource {
  const product = custom[CUSTOM.product] ?? '';
  switch (custom[CUSTOM.kind]) {
    case 'test': {
      const include = custom[CUSTOM.include] ?? '';
      const mode = custom[CUSTOM.mode];
      if (
        PRODUCT_ID_PATTERN.test(product) &&
        PRODUCT_ID_PATTERN.test(include) &&
        (mode === 'full' || mode === 'practice')
      ) {
        return { kind: 'test', productId: product, includeId: include, mode };
      }
      break;
    }
    case 'workbook':
      if (PRODUCT_ID_PATTERN.test(product)) return { kind: 'workbook', productId: product };
      break;
    case 'infinite':
      return { kind: 'infinite' };
    case 'pump':
      return { kind: 'pump' };
  }
  return { kind: 'dashboard' };
}

/** The web app path a launch of `resource` opens (`linkKey`: the placed link, for assignments). */
export function pathOf(resource: LinkedResource, linkKey: string | null): string {
  switch (resource.kind) {
    case 'test':
      return linkKey ? `/lti/assignment/${encodeURIComponent(linkKey)}` : '/dashboard';
    case 'workbook':
      return `/workbook/${encodeURIComponent(resource.productId)}`;
    case 'infinite':
      return '/infinite-qbank';
    case 'pump':
      return '/simulations';
    default:
      return '/dashboard';
  }
}
