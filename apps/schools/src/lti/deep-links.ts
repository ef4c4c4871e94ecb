/**
 * Deep Linking 2.0 (ADR 0040), the pure parts: what an instructor may embed (from the catalogue),
 * and the content items and response claims of their pick.
 */
import {
  type DeepLinkOption,
  type DeepLinkPick,
  includeEntries,
  type Product,
} from '@examprep/contracts';
import { Claims, LTI_VERSION, MessageTypes } from './protocol/claims';
import { customOf } from './protocol/resources';

/** The score a graded link's line item is out of: tests are graded in percent. */
export const SCORE_MAXIMUM = 100;
/** The tag of our line items: a platform may list its items by tag. */
export const LINE_ITEM_TAG = 'examprep';

export const PUMP_OPTION: DeepLinkOption = {
  key: 'pump',
  resource: { kind: 'pump' },
  title: 'IV infusion pump simulator',
  description: 'Set single and dual infusion pumps by rate, volume and time, checked on the spot.',
  gradable: false,
};

export const INFINITE_OPTION: DeepLinkOption = {
  key: 'infinite',
  resource: { kind: 'infinite' },
  title: 'Infinite QBank',
  description:
    'Endless generated TEAS Math and dosage questions by objective, with worked answers.',
  gradable: false,
};

/** What an instructor may embed: the catalogue's tests and workbooks, the practice tools. */
export function deepLinkOptions(products: readonly Product[]): DeepLinkOption[] {
  const options: DeepLinkOption[] = [];
  let pump = false;
  let infinite = false;
  const sorted = [...products].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  for (const product of sorted) {
    for (const include of includeEntries(product)) {
      if (include.kind === 'test' && include.mode && include.pool) {
        const mode = include.mode;
        options.push({
          key: `test:${product.id}:${include.id}`,
          resource: { kind: 'test', productId: product.id, includeId: include.id, mode },
          title: `${include.name || product.name} (${mode === 'full' ? 'full test' : 'practice test'})`,
          description: include.description || product.description,
          gradable: true,
        });
      } else if (include.kind === 'workbook') {
        options.push({
          key: `workbook:${product.id}`,
          resource: { kind: 'workbook', productId: product.id },
          title: include.name || product.name,
          description: include.description || product.description,
          gradable: false,
        });
      } else if (include.kind === 'simulation') {
        pump = true;
      } else if (include.kind === 'infinite') {
        infinite = true;
      }
    }
  }
  if (infinite) options.push(INFINITE_OPTION);
  if (pump) options.push(PUMP_OPTION);
  return options;
}

/** One content item of the response (Deep Linking 2.0 §3.1: ltiResourceLink). */
export function contentItem(
  option: DeepLinkOption,
  pick: DeepLinkPick,
  launchUrl: string,
  lineItems: boolean,
): Record<string, unknown> {
  const title = pick.title?.trim() || option.title;
  const item: Record<string, unknown> = {
    type: 'ltiResourceLink',
    title,
    text: option.description,
    url: launchUrl,
    custom: customOf(option.resource),
    window: { targetName: 'examprep' },
  };
  if (lineItems && option.gradable && pick.graded !== false) {
    item['lineItem'] = {
      scoreMaximum: SCORE_MAXIMUM,
      label: title,
      resourceId: option.key,
      tag: LINE_ITEM_TAG,
    };
  }
  return item;
}

/** The claims of the response JWT (Deep Linking 2.0 §4.5), before iat/exp. */
export function deepLinkingResponseClaims(input: {
  clientId: string;
  issuer: string;
  deploymentId: string;
  nonce: string;
  data: string | null;
  items: Record<string, unknown>[];
}): Record<string, unknown> {
  const claims: Record<string, unknown> = {
    iss: input.clientId,
    aud: input.issuer,
    azp: input.clientId,
    nonce: input.nonce,
    [Claims.messageType]: MessageTypes.deepLinkingResponse,
    [Claims.version]: LTI_VERSION,
    [Claims.deploymentId]: input.deploymentId,
    [Claims.contentItems]: input.items,
  };
  if (input.data !== null) claims[Claims.deepLinkingData] = input.data;
  return claims;
}
