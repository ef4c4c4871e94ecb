import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rule = require('./no-hand-typed-api-path.cjs');

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser as never } });

const options = [
  {
    routes: ['/api/products', '/api/tests/{testId}', '/api/gradebook', '/api/me/events'],
    pages: ['/gradebook'],
  },
];

tester.run('no-hand-typed-api-path', rule, {
  valid: [
    { code: `api.GET('/api/products', { signal })`, options },
    { code: `api.GETPage('/api/questions', { signal })`, options },
    { code: `api.POST('/api/tests/{testId}', { params })`, options },
    { code: `const P = apiPath('/api/me/events');`, options },
    // the app's own pages and links
    { code: `navigate('/dashboard?tab=math')`, options },
    { code: 'const to = `/gradebook?userId=${id}`;', options },
    { code: `const page = '/gradebook';`, options },
    { code: 'const to = `/workbook/${id}`;', options },
    { code: `const label = 'api/products is a word';`, options },
  ],
  invalid: [
    { code: `fetch('/api/products')`, options, errors: [{ messageId: 'apiPrefix' }] },
    { code: 'fetch(`/api/tests/${id}`)', options, errors: [{ messageId: 'apiPrefix' }] },
    { code: `const ME = '/api/me/events';`, options, errors: [{ messageId: 'apiPrefix' }] },
    { code: `api.GET(BASE + '/api/products')`, options, errors: [{ messageId: 'apiPrefix' }] },
    { code: `client.get('/products')`, options, errors: [{ messageId: 'route' }] },
    {
      code: 'const path = `/tests/${encodeURIComponent(id)}?userId=${u}`;',
      options,
      errors: [
        { messageId: 'route', data: { text: '/tests/{}?userId={}', route: '/api/tests/{testId}' } },
      ],
    },
  ],
});
