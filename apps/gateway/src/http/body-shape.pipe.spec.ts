import { BadRequestException } from '@nestjs/common';
import { BodyShapePipe } from './body-shape.pipe';
import { REQUEST_MESSAGES } from './json-body';

class SomeDto {
  name?: string;
}

describe('BodyShapePipe', () => {
  const sut = new BodyShapePipe();

  it.each([null, undefined, [], [{}], 5, 'x', true])(
    'refuses %j as the whole body of a DTO',
    (value) => {
      expect(() => sut.transform(value, { type: 'body', metatype: SomeDto })).toThrow(
        BadRequestException,
      );
      try {
        sut.transform(value, { type: 'body', metatype: SomeDto });
      } catch (err) {
        expect((err as BadRequestException).getResponse()).toEqual({
          message: REQUEST_MESSAGES.notObject,
          code: 'BODY_NOT_OBJECT',
        });
      }
    },
  );

  it('passes an object body, one field of a body, untyped bodies and other parameters', () => {
    const body = { name: 'a' };
    expect(sut.transform(body, { type: 'body', metatype: SomeDto })).toBe(body);
    expect(sut.transform('a', { type: 'body', metatype: String, data: 'name' })).toBe('a');
    expect(sut.transform(null, { type: 'body', metatype: SomeDto, data: 'name' })).toBeNull();
    expect(sut.transform([1], { type: 'body', metatype: Array })).toEqual([1]);
    expect(sut.transform(null, { type: 'body' })).toBeNull();
    expect(sut.transform(undefined, { type: 'query', metatype: SomeDto })).toBeUndefined();
    expect(sut.transform(5, { type: 'param', metatype: SomeDto })).toBe(5);
  });
});
