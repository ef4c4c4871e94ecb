/**
 * What a placed link opens (Deep Linking puts it in the link's custom parameters, the launch reads
 * it back): custom parameters are the one place LTI gives a tool for its own data on a link, and
 * they come back signed in every launch (LTI Core 1.3 §5.4.6).
 */
import { PRODUCT_ID_PATTERN } from '@examprep/contracts';

export type LinkedResource =
  | { kind: 'dashboard' }
  | { kind: 'test'; productId: string; mode: 'full' | 'practice' }
  | { kind: 'workbook'; productId: string }
  | { kind: 'infinite'; course: string }
  | { kind: 'pump' };

/** The custom parameter names (prefixed: a platform may add its own). */
export const CUSTOM = {
  kind: 'examprep_kind',
  product: 'examprep_product',
  mode: 'examprep_mode',
  course: 'examprep_course',
} as const;

const COURSE_PATTERN = /^[a-z0-9_-]{1,64}$/;

/** The custom parameters that name `resource`. */
export function customOf(resource: LinkedResource): Record<string, string> {
  switch (resource.kind) {
    case 'test':
      return {
        [CUSTOM.kind]: 'test',
        [CUSTOM.product]: resource.productId,
        [CUSTOM.mode]: resource.mode,
      };
    case 'workbook':
      return { [CUSTOM.kind]: 'workbook', [CUSTOM.product]: resource.productId };
    case 'infinite':
      return { [CUSTOM.kind]: 'infinite', [CUSTOM.course]: resource.course };
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
      const mode = custom[CUSTOM.mode];
      if (PRODUCT_ID_PATTERN.test(product) && (mode === 'full' || mode === 'practice')) {
        return { kind: 'test', productId: product, mode };
      }
      break;
    }
    case 'workbook':
      if (PRODUCT_ID_PATTERN.test(product)) return { kind: 'workbook', productId: product };
      break;
    case 'infinite': {
      const course = custom[CUSTOM.course] ?? '';
      if (COURSE_PATTERN.test(course)) return { kind: 'infinite', course };
      break;
    }
    case 'pump':
      return { kind: 'pump' };
  }
  return { kind: 'dashboard' };
}

/** The web app path a launch of `resource` opens (`linkKey`: the placed link, for assignments). */
export function pathOf(resource: LinkedResource, linkKey: string | null): string {
  switch (resource.kind) {
    case 'test':
      return linkKey ? `/lti/assignment/${encodeURIComponent(linkKey)}` : `/dashboard`;
    case 'workbook':
      return `/workbook/${encodeURIComponent(resource.productId)}`;
    case 'infinite':
      return `/infinite-qbank?course=${encodeURIComponent(resource.course)}`;
    case 'pump':
      return '/simulations';
    default:
      return '/dashboard';
  }
}
