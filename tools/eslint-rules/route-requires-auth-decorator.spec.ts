import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rule = require('./route-requires-auth-decorator.cjs');

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser as never } });

tester.run('route-requires-auth-decorator', rule, {
  valid: [
    { code: `@Controller() class A { @Get() @Public() list() {} }` },
    { code: `@Controller() class A { @Post() @AdminOnly() create() {} }` },
    { code: `@Controller() class A { @Get() @Authenticated({ allowUnverified: true }) me() {} }` },
    { code: `@Controller() class A { @Get() @OptionalAuth() batch() {} }` },
    {
      code: `@Public() @Controller() class A { @Get('healthz') live() {} @Get('readyz') ready() {} }`,
    },
    { code: `@Controller() class A { helper() {} }` },
  ],
  invalid: [
    { code: `@Controller() class A { @Get() list() {} }`, errors: [{ messageId: 'missing' }] },
    {
      code: `@Controller() class A { @Delete(':id') @HttpCode(204) remove() {} }`,
      errors: [{ messageId: 'missing' }],
    },
    {
      code: `@Controller() class A { @Get() @Public() a() {} @Sse('events') b() {} }`,
      errors: [{ messageId: 'missing', data: { name: 'b' } }],
    },
  ],
});
