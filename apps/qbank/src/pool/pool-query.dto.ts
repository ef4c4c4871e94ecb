import { IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { type PoolQuery, QBANK_LIMITS, TEST_LIMITS } from '@examprep/contracts';

export const POOL_FIELD_MESSAGES = {
  course: `The course field must be a course name of 1 to ${QBANK_LIMITS.nameMax} characters.`,
  count: `The count field must be a whole number from 1 to ${TEST_LIMITS.maxQuestions}.`,
} as const;

/** qbank.questions.pool: checked again here, the caller is another service. */
export class PoolQueryDto implements PoolQuery {
  @IsString({ message: POOL_FIELD_MESSAGES.course })
  @MinLength(1, { message: POOL_FIELD_MESSAGES.course })
  @MaxLength(QBANK_LIMITS.nameMax, { message: POOL_FIELD_MESSAGES.course })
  course!: string;

  @IsInt({ message: POOL_FIELD_MESSAGES.count })
  @Min(1, { message: POOL_FIELD_MESSAGES.count })
  @Max(TEST_LIMITS.maxQuestions, { message: POOL_FIELD_MESSAGES.count })
  count!: number;
}
