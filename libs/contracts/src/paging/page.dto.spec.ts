import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { PAGE_MESSAGES } from '../types/paging';
import { PageQueryDto } from './page.dto';

const errorsOf = (plain: object) =>
  Object.fromEntries(
    validateSync(plainToInstance(PageQueryDto, plain)).map((e) => [
      e.property,
      Object.values(e.constraints ?? {}),
    ]),
  );

describe('PageQueryDto', () => {
  it('takes no cursor and no limit, or a base64url cursor and a limit of 1..100', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ cursor: 'WyJhIiwiYiJd', limit: '100' })).toEqual({});
    expect(plainToInstance(PageQueryDto, { limit: '7' }).limit).toBe(7);
  });
  it('names the field it refuses', () => {
    for (const limit of ['0', '101', '2.5', 'ten', '-1'])
      expect(errorsOf({ limit })).toEqual({ limit: expect.arrayContaining([PAGE_MESSAGES.limit]) });
    for (const cursor of ['a b', 'x'.repeat(1025), 'abc=', '{"$gt":1}'])
      expect(errorsOf({ cursor })).toEqual({ cursor: [PAGE_MESSAGES.cursor] });
  });
});
