import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { CURSOR_MAX_LENGTH, PAGE_LIMIT, PAGE_MESSAGES, type PageRequest } from '../types/paging';

const CURSOR = new RegExp(`^[A-Za-z0-9_-]{1,${CURSOR_MAX_LENGTH}}$`);

/** A query value as a number ('' and absence are no value; anything else is Number(value)). */
const toNumber = ({ value }: { value: unknown }) =>
  value === '' || value === undefined ? undefined : Number(value);

/**
 * `cursor` and `limit` of a list route (ADR 0026); a route's query DTO extends it. The service
 * re-checks the cursor's content when it decodes it (a 400 naming `cursor`).
 */
export class PageQueryDto implements PageRequest {
  @ApiPropertyOptional({
    description: 'Opaque: the cursor of the `Link: rel="next"` header of the previous page.',
    maxLength: CURSOR_MAX_LENGTH,
  })
  @IsOptional()
  @Matches(CURSOR, { message: PAGE_MESSAGES.cursor })
  cursor?: string;

  @ApiPropertyOptional({
    minimum: PAGE_LIMIT.min,
    maximum: PAGE_LIMIT.max,
    default: PAGE_LIMIT.default,
  })
  @IsOptional()
  @Transform(toNumber)
  @IsInt({ message: PAGE_MESSAGES.limit })
  @Min(PAGE_LIMIT.min, { message: PAGE_MESSAGES.limit })
  @Max(PAGE_LIMIT.max, { message: PAGE_MESSAGES.limit })
  limit?: number;
}
