import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto } from '../paging/page.dto';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import {
  type CreateTestInput,
  type DeleteTestInput,
  type FlagQuestionInput,
  QBANK_LIMITS,
  QID_PATTERN,
  QUESTION_TYPES,
  type QuestionType,
  type SavePracticeAnswerInput,
  type SubmitQuizAnswerInput,
  type SubmitTestInput,
  type SubmittedAnswer,
  TEST_ID_PATTERN,
  TEST_MODES,
  type TestMode,
  type UnfinishedTestQuery,
} from '../types';
import { PRODUCT_ID_PATTERN } from '../catalog/catalog.dto';

/** Keycloak user ids (uuid-like). */
const USER_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

/** The longest text one answer may carry: a choice's text (admin spec §9 limits). */
export const ANSWER_TEXT_MAX = QBANK_LIMITS.choiceMax;

export const TEST_FIELD_MESSAGES = {
  testId: 'The testId field must be a test id (20 letters and digits).',
  questionId: 'The questionId field must be a question id (two capital letters and two digits).',
  productId: 'The productId field must be a product id (lowercase letters, digits and _).',
  includeId: 'The includeId field must be an include id (lowercase letters, digits and _).',
  productType: 'The productType field must be text of at most 64 characters.',
  productName: 'The productName field must be text of at most 200 characters.',
  instructions: 'The instructions field must be text of at most 2000 characters.',
  mode: "The mode field must be 'full' or 'practice'.",
  timed: 'The timed field must be true or false.',
  submittedAnswer: `The submittedAnswer field must be text, or a list of at most ${QBANK_LIMITS.choicesMax} texts, each at most ${ANSWER_TEXT_MAX} characters.`,
  questionType: "The questionType field must be 'single', 'sata' or 'blank'.",
  validChoices: `The validChoices field must be a list of at most ${QBANK_LIMITS.choicesMax} texts.`,
  persistCorrectAnswer: 'The persistCorrectAnswer field must be true or false.',
  flagged: 'The flagged field must be true or false.',
  userId: 'The userId field is not a valid user id.',
  uid: 'The uid field is not a valid user id.',
} as const;

/** Text (at most ANSWER_TEXT_MAX), or a list of such texts (at most choicesMax): never an object. */
function IsSubmittedAnswer(options?: ValidationOptions) {
  const isText = (v: unknown) => typeof v === 'string' && v.length <= ANSWER_TEXT_MAX;
  return ValidateBy(
    {
      name: 'isSubmittedAnswer',
      validator: {
        validate: (v: unknown) =>
          isText(v) ||
          (Array.isArray(v) && v.length <= QBANK_LIMITS.choicesMax && v.every((x) => isText(x))),
      },
    },
    options,
  );
}

/** Body of POST /api/create-test (learner spec §7). */
export class CreateTestDto implements CreateTestInput {
  @ApiPropertyOptional({
    example: 'teas_full',
    description: 'Informational; the catalogue decides.',
  })
  @IsOptional()
  @IsString({ message: TEST_FIELD_MESSAGES.productType })
  @MaxLength(64, { message: TEST_FIELD_MESSAGES.productType })
  productType?: string;

  @ApiProperty({ example: 'teas_math_qbank' })
  @IsString({ message: TEST_FIELD_MESSAGES.productId })
  @Matches(PRODUCT_ID_PATTERN, { message: TEST_FIELD_MESSAGES.productId })
  productId!: string;

  @ApiProperty({ example: 'teas_math_qbank_practice' })
  @IsString({ message: TEST_FIELD_MESSAGES.includeId })
  @Matches(PRODUCT_ID_PATTERN, { message: TEST_FIELD_MESSAGES.includeId })
  includeId!: string;

  @ApiPropertyOptional({ description: 'Informational; the name shown comes from the catalogue.' })
  @IsOptional()
  @IsString({ message: TEST_FIELD_MESSAGES.productName })
  @MaxLength(200, { message: TEST_FIELD_MESSAGES.productName })
  productName?: string;

  @ApiPropertyOptional({ description: 'Informational; the instructions come from the catalogue.' })
  @IsOptional()
  @IsString({ message: TEST_FIELD_MESSAGES.instructions })
  @MaxLength(2000, { message: TEST_FIELD_MESSAGES.instructions })
  instructions?: string;

  @ApiProperty({ enum: TEST_MODES, example: 'practice' })
  @IsIn([...TEST_MODES], { message: TEST_FIELD_MESSAGES.mode })
  mode!: TestMode;

  @ApiPropertyOptional({ description: 'Practice only: the 57-minute TEAS timer.' })
  @IsOptional()
  @IsBoolean({ message: TEST_FIELD_MESSAGES.timed })
  timed?: boolean;
}

/** testId and questionId of the answer calls. */
class TestQuestionRefDto {
  @ApiProperty({ example: 'k3J9s0aQw1ZxY7bN2cDe' })
  @IsString({ message: TEST_FIELD_MESSAGES.testId })
  @Matches(TEST_ID_PATTERN, { message: TEST_FIELD_MESSAGES.testId })
  testId!: string;

  @ApiProperty({ example: 'AB12' })
  @IsString({ message: TEST_FIELD_MESSAGES.questionId })
  @Matches(QID_PATTERN, { message: TEST_FIELD_MESSAGES.questionId })
  questionId!: string;
}

/** Body of POST /api/submit-quiz-answer (learner spec §7). */
export class SubmitQuizAnswerDto extends TestQuestionRefDto implements SubmitQuizAnswerInput {
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] })
  @IsSubmittedAnswer({ message: TEST_FIELD_MESSAGES.submittedAnswer })
  submittedAnswer!: SubmittedAnswer;

  @ApiPropertyOptional({ enum: QUESTION_TYPES })
  @IsOptional()
  @IsIn([...QUESTION_TYPES], { message: TEST_FIELD_MESSAGES.questionType })
  questionType?: QuestionType;

  @ApiPropertyOptional({ type: [String], description: 'Checked against the stored question.' })
  @IsOptional()
  @IsArray({ message: TEST_FIELD_MESSAGES.validChoices })
  @ArrayMaxSize(QBANK_LIMITS.choicesMax, { message: TEST_FIELD_MESSAGES.validChoices })
  @IsString({ each: true, message: TEST_FIELD_MESSAGES.validChoices })
  @MaxLength(ANSWER_TEXT_MAX, { each: true, message: TEST_FIELD_MESSAGES.validChoices })
  validChoices?: string[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: TEST_FIELD_MESSAGES.persistCorrectAnswer })
  persistCorrectAnswer?: boolean;
}

/** Body of POST /api/save-practice-answer (learner spec §7). */
export class SavePracticeAnswerDto extends TestQuestionRefDto implements SavePracticeAnswerInput {
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] })
  @IsSubmittedAnswer({ message: TEST_FIELD_MESSAGES.submittedAnswer })
  submittedAnswer!: SubmittedAnswer;

  @ApiPropertyOptional({ enum: QUESTION_TYPES })
  @IsOptional()
  @IsIn([...QUESTION_TYPES], { message: TEST_FIELD_MESSAGES.questionType })
  questionType?: QuestionType;
}

/** Body of POST /api/flag-question (beyond the spec). */
export class FlagQuestionDto extends TestQuestionRefDto implements FlagQuestionInput {
  @ApiProperty()
  @IsBoolean({ message: TEST_FIELD_MESSAGES.flagged })
  flagged!: boolean;
}

/** Body of POST /api/submit-test and POST /api/delete-test (learner spec §7). */
export class TestIdDto implements SubmitTestInput, DeleteTestInput {
  @ApiProperty({ example: 'k3J9s0aQw1ZxY7bN2cDe' })
  @IsString({ message: TEST_FIELD_MESSAGES.testId })
  @Matches(TEST_ID_PATTERN, { message: TEST_FIELD_MESSAGES.testId })
  testId!: string;
}

/** Path parameter of GET /api/tests/:testId. */
export class TestIdParam extends TestIdDto {}

/** Query of GET /api/tests/:testId and GET /api/gradebook: userId is honoured only for admins. */
export class TestOwnerQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: TEST_FIELD_MESSAGES.userId })
  @Matches(USER_ID_PATTERN, { message: TEST_FIELD_MESSAGES.userId })
  userId?: string;
}

/** Query of GET /api/tests/unfinished (learner spec §4 Starting a test). */
export class UnfinishedTestQueryDto implements UnfinishedTestQuery {
  @ApiProperty({ example: 'teas_math_qbank' })
  @IsString({ message: TEST_FIELD_MESSAGES.productId })
  @Matches(PRODUCT_ID_PATTERN, { message: TEST_FIELD_MESSAGES.productId })
  productId!: string;

  @ApiProperty({ example: 'teas_math_qbank_practice' })
  @IsString({ message: TEST_FIELD_MESSAGES.includeId })
  @Matches(PRODUCT_ID_PATTERN, { message: TEST_FIELD_MESSAGES.includeId })
  includeId!: string;

  @ApiProperty({ enum: TEST_MODES })
  @IsIn([...TEST_MODES], { message: TEST_FIELD_MESSAGES.mode })
  mode!: TestMode;
}

/** Query of GET /api/admin/user-tests?uid= */
export class UserTestsQuery {
  @ApiProperty()
  @IsString({ message: TEST_FIELD_MESSAGES.uid })
  @Matches(USER_ID_PATTERN, { message: TEST_FIELD_MESSAGES.uid })
  uid!: string;
}

/** Query of GET /api/admin/user-tests?uid=&cursor=&limit= (a keyset page, ADR 0026). */
export class UserTestsPageQuery extends PageQueryDto {
  @ApiProperty()
  @IsString({ message: TEST_FIELD_MESSAGES.uid })
  @Matches(USER_ID_PATTERN, { message: TEST_FIELD_MESSAGES.uid })
  uid!: string;
}

/** Query of GET /api/admin/test-export?uid=&testId= */
export class TestExportQuery extends UserTestsQuery {
  @ApiProperty()
  @IsString({ message: TEST_FIELD_MESSAGES.testId })
  @Matches(TEST_ID_PATTERN, { message: TEST_FIELD_MESSAGES.testId })
  testId!: string;
}
