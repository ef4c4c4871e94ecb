import { BadRequestException } from '@nestjs/common';
import { IsOptional, IsString } from 'class-validator';
import fc from 'fast-check';
import { createValidationPipe } from './validation.pipe';

/** Every name an object inherits, plus '__proto__'. */
const prototypeKey = fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype), '__proto__');

class NameDto {
  @IsString({ message: 'name must be text.' })
  name!: string;

  @IsOptional()
  @IsString({ message: 'note must be text.' })
  note?: string;
}

const sut = createValidationPipe();

async function answer(value: unknown, type: 'body' | 'query') {
  try {
    return { ok: await sut.transform(value, { type, metatype: NameDto }) };
  } catch (err) {
    if (!(err instanceof BadRequestException)) throw err;
    return { refused: err.getResponse() as { message: string; fields: Record<string, string[]> } };
  }
}

describe('gateway validation pipe: fields named like Object.prototype members', () => {
  it.each(['body', 'query'] as const)(
    'refuses them in the %s as unknown fields (400)',
    async (type) => {
      await fc.assert(
        fc.asyncProperty(prototypeKey, async (key) => {
          // JSON.parse and the query parser both make such names own keys
          const value: unknown = JSON.parse(`{"name": "x", ${JSON.stringify(key)}: "1"}`);
          const { refused } = await answer(value, type);
          expect(refused?.fields).toEqual({ [key]: [`Field "${key}" is not allowed.`] });
          expect(refused?.message).toBe(`Field "${key}" is not allowed.`);
        }),
      );
    },
  );

  it('takes them as ordinary values', async () => {
    await fc.assert(
      fc.asyncProperty(prototypeKey, async (key) => {
        const { ok } = await answer({ name: key, note: key }, 'body');
        expect(ok).toEqual(Object.assign(new NameDto(), { name: key, note: key }));
      }),
    );
  });

  it('still refuses other unknown fields and operator objects', async () => {
    expect((await answer({ name: 'x', other: 1 }, 'body')).refused?.fields).toEqual({
      other: ['Field "other" is not allowed.'],
    });
    expect((await answer({ name: { $gt: '' } }, 'body')).refused?.fields).toEqual({
      name: ['name must be text.'],
    });
  });
});
