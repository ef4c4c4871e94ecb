import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PageQueryDto } from '../paging/page.dto';
import {
  ITEM_STATS_SORTS,
  type ItemStatsFilters,
  type ItemStatsListQuery,
  type ItemStatsSort,
  QBANK_LIMITS,
  QID_PATTERN,
  SORT_DIRECTIONS,
  type SortDirection,
} from '../types';

/** Query strings: '' means "any". */
const emptyToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === ''
    ? undefined
    : typeof value === 'string'
      ? value.trim()
      : value;

export const ITEM_STATS_FIELD_MESSAGES = {
  course: `The course field must be text of at most ${QBANK_LIMITS.nameMax} characters.`,
  objective: `The objective field must be text of at most ${QBANK_LIMITS.nameMax} characters.`,
  sort: `The sort field must be one of ${ITEM_STATS_SORTS.join(', ')}.`,
  dir: "The dir field must be 'asc' or 'desc'.",
  qid: 'The qid field must be a question id (two capital letters and two digits).',
} as const;

/** The filters of the item analysis (course, objective). */
export class ItemStatsFiltersDto implements ItemStatsFilters {
  @ApiPropertyOptional({ description: 'Course name; empty = every course.' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString({ message: ITEM_STATS_FIELD_MESSAGES.course })
  @MaxLength(QBANK_LIMITS.nameMax, { message: ITEM_STATS_FIELD_MESSAGES.course })
  course?: string;

  @ApiPropertyOptional({ description: 'Objective of the course; needs `course`.' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString({ message: ITEM_STATS_FIELD_MESSAGES.objective })
  @MaxLength(QBANK_LIMITS.nameMax, { message: ITEM_STATS_FIELD_MESSAGES.objective })
  objective?: string;
}

/** The item list's order (default: facility ascending, the hardest first). */
export class ItemStatsSortDto implements Pick<ItemStatsListQuery, 'sort' | 'dir'> {
  @ApiPropertyOptional({ enum: ITEM_STATS_SORTS, default: 'facility' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn([...ITEM_STATS_SORTS], { message: ITEM_STATS_FIELD_MESSAGES.sort })
  sort?: ItemStatsSort;

  @ApiPropertyOptional({ enum: SORT_DIRECTIONS, default: 'asc' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn([...SORT_DIRECTIONS], { message: ITEM_STATS_FIELD_MESSAGES.dir })
  dir?: SortDirection;
}

/** GET /api/admin/item-analysis/export: filters and order. */
export class ItemStatsExportQueryDto extends IntersectionType(
  ItemStatsFiltersDto,
  ItemStatsSortDto,
) {}

/** GET /api/admin/item-analysis: filters, order and the keyset page (ADR 0026). */
export class ItemStatsListQueryDto extends IntersectionType(
  ItemStatsExportQueryDto,
  PageQueryDto,
) {}

export class ItemStatsQidDto {
  @ApiProperty({ example: 'AB12' })
  @Matches(QID_PATTERN, { message: ITEM_STATS_FIELD_MESSAGES.qid })
  qid!: string;
}
