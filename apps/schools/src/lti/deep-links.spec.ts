import type { Product } from '@examprep/contracts';
import {
  contentItem,
  deepLinkingResponseClaims,
  deepLinkOptions,
  INFINITE_OPTION,
  PUMP_OPTION,
} from './deep-links';
import { Claims } from './protocol/claims';

function product(
  id: string,
  order: number,
  includes: [string, string, string | null, boolean][],
): Product {
  return {
    id,
    docId: id,
    name: `Product ${id}`,
    description: `About ${id}`,
    price: 20,
    type: 'math',
    section: 'qbank',
    category: 'math',
    available: { online: true, download: false },
    instructions: '',
    order,
    includes: {
      id: includes.map((i) => i[0]),
      name: includes.map((i) => `Include ${i[0]}`),
      description: includes.map(() => ''),
      link: includes.map(() => ''),
      linkText: includes.map(() => ''),
      instructions: includes.map(() => ''),
      kind: includes.map((i) => i[1]),
      mode: includes.map((i) => i[2]),
      pool: includes.map((i) => (i[3] ? { course: 'teas_math', questionCount: 10 } : null)),
    },
  } as unknown as Product;
}

const CATALOGUE = [
  product('teas_math_qbank', 2, [
    ['teas_math_qbank_full', 'test', 'full', true],
    ['teas_math_qbank_practice', 'test', 'practice', true],
  ]),
  product('teas_math_workbook', 1, [['teas_math_workbook', 'workbook', null, false]]),
  product('med_dosage_qbank', 3, [
    ['med_dosage_qbank', 'test', 'full', true],
    ['med_dosage_simulations', 'simulation', null, false],
  ]),
  product('infinite_qbank', 4, [['infinite_qbank', 'infinite', null, false]]),
  product('free_3d_assets', 0, [['free_3d_assets', 'download', null, false]]),
];

describe('deepLinkOptions', () => {
  it('offers the tests, workbooks, the Infinite QBank and the pump simulator, in catalogue order', () => {
    const options = deepLinkOptions(CATALOGUE);
    expect(options.map((o) => o.key)).toEqual([
      'workbook:teas_math_workbook',
      'test:teas_math_qbank:teas_math_qbank_full',
      'test:teas_math_qbank:teas_math_qbank_practice',
      'test:med_dosage_qbank:med_dosage_qbank',
      'infinite',
      'pump',
    ]);
    expect(options[1]).toMatchObject({
      resource: {
        kind: 'test',
        productId: 'teas_math_qbank',
        includeId: 'teas_math_qbank_full',
        mode: 'full',
      },
      title: 'Include teas_math_qbank_full (full test)',
      gradable: true,
    });
    expect(options.filter((o) => o.gradable)).toHaveLength(3);
    expect(options).toContain(PUMP_OPTION);
    expect(options).toContain(INFINITE_OPTION);
  });

  it('offers no test without a question pool, and no downloads', () => {
    const options = deepLinkOptions([
      product('x', 0, [['x_test', 'test', 'full', false]]),
      product('y', 1, [['y_pdf', 'download', null, false]]),
    ]);
    expect(options).toEqual([]);
  });
});

describe('contentItem', () => {
  const test = deepLinkOptions(CATALOGUE).find((o) => o.key.startsWith('test:'))!;
  const launch = 'https://app.example/api/lti/launch';

  it('links to our launch URL with the resource in custom parameters and a line item when graded', () => {
    expect(contentItem(test, { key: test.key, title: '  Week 3 quiz ' }, launch, true)).toEqual({
      type: 'ltiResourceLink',
      title: 'Week 3 quiz',
      text: test.description,
      url: launch,
      custom: {
        examprep_kind: 'test',
        examprep_product: 'teas_math_qbank',
        examprep_include: 'teas_math_qbank_full',
        examprep_mode: 'full',
      },
      window: { targetName: 'examprep' },
      lineItem: { scoreMaximum: 100, label: 'Week 3 quiz', resourceId: test.key, tag: 'examprep' },
    });
  });

  it('has no line item when not graded, not gradable, or the platform takes none', () => {
    expect(contentItem(test, { key: test.key, graded: false }, launch, true)).not.toHaveProperty(
      'lineItem',
    );
    expect(contentItem(test, { key: test.key }, launch, false)).not.toHaveProperty('lineItem');
    expect(
      contentItem(PUMP_OPTION, { key: 'pump', graded: true }, launch, true),
    ).not.toHaveProperty('lineItem');
  });
});

describe('deepLinkingResponseClaims', () => {
  it('is the tool speaking to the platform, echoing its data', () => {
    const claims = deepLinkingResponseClaims({
      clientId: 'client-1',
      issuer: 'https://lms.example',
      deploymentId: 'deploy-1',
      nonce: 'n',
      data: 'opaque',
      items: [],
    });
    expect(claims).toMatchObject({
      iss: 'client-1',
      aud: 'https://lms.example',
      nonce: 'n',
      [Claims.messageType]: 'LtiDeepLinkingResponse',
      [Claims.version]: '1.3.0',
      [Claims.deploymentId]: 'deploy-1',
      [Claims.contentItems]: [],
      [Claims.deepLinkingData]: 'opaque',
    });
    const without = deepLinkingResponseClaims({
      clientId: 'c',
      issuer: 'i',
      deploymentId: 'd',
      nonce: 'n',
      data: null,
      items: [],
    });
    expect(without).not.toHaveProperty([Claims.deepLinkingData]);
  });
});
