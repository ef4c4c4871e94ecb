import { IsQuestionMediaChanges } from '../media/media.dto';
import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { PageQueryDto } from '../paging/page.dto';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  type GenerateBatchQuery,
  type InfiniteCheckInput,
  type MediaFilter,
  QBANK_LIMITS as L,
  QID_PATTERN,
  type QuestionFilters,
  type QuestionInput,
  type QuestionMediaChanges,
  type QuestionType,
  QUESTION_TYPES,
  type RoundingRule,
  type TopicFlagsInput,
  VIEW_MODES,
  type ViewMode,
} from '../types';

const MEDIA_FILTERS = ['has', 'missing'] as const;
/** 20000 -> '20,000' in the messages. */
const count = (n: number) => n.toLocaleString('en-US');
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Query strings: '' means "any". */
const emptyToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : trim({ value });

export class RoundingRuleDto implements RoundingRule {
  @ApiProperty({ minimum: 0, maximum: 4 })
  @IsInt({ message: 'Rounding places must be a whole number from 0 to 4.' })
  @Min(0, { message: 'Rounding places must be a whole number from 0 to 4.' })
  @Max(4, { message: 'Rounding places must be a whole number from 0 to 4.' })
  places!: number;
}

/**
 * Body of POST /api/questions and PUT /api/questions/{qid}: shapes and sizes only. The save
 * rules of admin spec §5 (with their exact texts) are checked by the qbank service with the
 * same function the editor uses (`validateQuestionInput` of @examprep/validation).
 */
export class QuestionInputDto implements QuestionInput {
  @ApiProperty()
  @IsString({ message: 'Question must be text.' })
  @MaxLength(L.questionMax, {
    message: `Question must be at most ${count(L.questionMax)} characters.`,
  })
  question!: string;

  @ApiProperty({ enum: QUESTION_TYPES })
  @IsIn([...QUESTION_TYPES], { message: 'Please select a question type.' })
  type!: QuestionType;

  @ApiProperty({ type: [String] })
  @IsArray({ message: 'Choices must be a list of texts.' })
  @ArrayMaxSize(L.choicesMax, { message: `Choices can have at most ${L.choicesMax} entries.` })
  @IsString({ each: true, message: 'Choices must be a list of texts.' })
  @MaxLength(L.choiceMax, {
    each: true,
    message: `Each choice must be at most ${count(L.choiceMax)} characters.`,
  })
  choices!: string[];

  @ApiProperty({ type: [String] })
  @IsArray({ message: 'Correct answers must be a list of texts.' })
  @ArrayMaxSize(L.choicesMax, {
    message: `Correct answers can have at most ${L.choicesMax} entries.`,
  })
  @IsString({ each: true, message: 'Correct answers must be a list of texts.' })
  @MaxLength(L.choiceMax, {
    each: true,
    message: `Each correct answer must be at most ${count(L.choiceMax)} characters.`,
  })
  correctAnswer!: string[];

  @ApiProperty()
  @IsString({ message: 'Explanation must be text.' })
  @MaxLength(L.explanationMax, {
    message: `Explanation must be at most ${count(L.explanationMax)} characters.`,
  })
  explanation!: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'Course must be text.' })
  @MaxLength(L.nameMax, { message: `Course must be at most ${count(L.nameMax)} characters.` })
  course!: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'Objective must be text.' })
  @MaxLength(L.nameMax, { message: `Objective must be at most ${count(L.nameMax)} characters.` })
  objective!: string;

  @ApiPropertyOptional({ type: RoundingRuleDto, nullable: true })
  @IsOptional()
  @ValidateNested({ message: 'Rounding must be an object with places (0 to 4).' })
  @Type(() => RoundingRuleDto)
  rounding?: RoundingRuleDto | null;

  @ApiPropertyOptional({
    description:
      'Media changes: a slot left out keeps its file, null removes it, { uploadId } replaces it with a staged upload (POST /api/admin/media/uploads).',
    example: { questionImage: { uploadId: 'k3j9s0aqw1zxy7bn2cde4f5g' }, video: null },
  })
  @IsOptional()
  @IsQuestionMediaChanges()
  media?: QuestionMediaChanges;
}

/** Query of GET /api/questions and /api/questions/export (admin spec §2.4). */
export class QuestionFiltersDto implements QuestionFilters {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString({ message: 'Search must be text.' })
  @MaxLength(L.searchMax, { message: `Search must be at most ${count(L.searchMax)} characters.` })
  search?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString({ message: 'Course must be text.' })
  @MaxLength(L.nameMax, { message: `Course must be at most ${count(L.nameMax)} characters.` })
  course?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString({ message: 'Objective must be text.' })
  @MaxLength(L.nameMax, { message: `Objective must be at most ${count(L.nameMax)} characters.` })
  objective?: string;

  @ApiPropertyOptional({ enum: QUESTION_TYPES })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn([...QUESTION_TYPES], { message: 'Type must be single, sata or blank.' })
  type?: QuestionType;

  @ApiPropertyOptional({ enum: MEDIA_FILTERS })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn([...MEDIA_FILTERS], { message: 'The question image filter must be has or missing.' })
  questionImage?: MediaFilter;

  @ApiPropertyOptional({ enum: MEDIA_FILTERS })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn([...MEDIA_FILTERS], { message: 'The explanation image filter must be has or missing.' })
  explanationImage?: MediaFilter;

  @ApiPropertyOptional({ enum: MEDIA_FILTERS })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn([...MEDIA_FILTERS], { message: 'The video filter must be has or missing.' })
  video?: MediaFilter;
}

/** GET /api/questions: the list's filters and a page of it (`cursor`, `limit`; ADR 0026). */
export class QuestionListQueryDto extends IntersectionType(QuestionFiltersDto, PageQueryDto) {}

export class QidParamDto {
  @ApiProperty({ example: 'AB12' })
  @Matches(QID_PATTERN, { message: 'The QID must be two uppercase letters and two digits.' })
  qid!: string;
}

const KEY = /^[a-z0-9_.-]{1,64}$/;

export class TopicParamsDto {
  @ApiProperty()
  @Matches(KEY, { message: 'The course id is not valid.' })
  courseId!: string;

  @ApiProperty()
  @Matches(KEY, { message: 'The topic key is not valid.' })
  topicKey!: string;
}

export class TopicFlagsDto implements TopicFlagsInput {
  @ApiProperty()
  @IsString({ message: 'The objective code is not valid.' })
  @Matches(/^[A-Za-z0-9_.-]{1,32}$/, { message: 'The objective code is not valid.' })
  objective!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'Free must be true or false.' })
  free?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'Available must be true or false.' })
  available?: boolean;
}

/** GET /api/infiniteqbank/generate-batch (learner spec §7: default count 5). */
export class GenerateBatchQueryDto implements GenerateBatchQuery {
  @ApiProperty()
  @Matches(KEY, { message: 'The course id is not valid.' })
  course!: string;

  @ApiProperty()
  @Matches(/^[A-Za-z0-9_.-]{1,32}$/, { message: 'The objective code is not valid.' })
  objective!: string;

  @ApiPropertyOptional({ minimum: 1, maximum: L.batchMax, default: L.batchDefault })
  @IsOptional()
  @Transform(({ value }) => (value === '' || value === undefined ? undefined : Number(value)))
  @IsInt({ message: `Questions per batch must be a whole number from 1 to ${L.batchMax}.` })
  @Min(1, { message: `Questions per batch must be a whole number from 1 to ${L.batchMax}.` })
  @Max(L.batchMax, {
    message: `Questions per batch must be a whole number from 1 to ${L.batchMax}.`,
  })
  count?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(KEY, { message: 'The topic key is not valid.' })
  topic?: string;
}

export class InfiniteCheckDto implements InfiniteCheckInput {
  @ApiProperty({ example: 'md_iv_flow_rate~12345' })
  @IsString({ message: 'The question id is not valid.' })
  @Matches(/^[a-z0-9_.-]{1,64}~\d{1,10}$/, { message: 'The question id is not valid.' })
  id!: string;

  @ApiProperty({ type: [String] })
  @IsArray({ message: 'The answer must be a list of texts.' })
  @ArrayMaxSize(L.choicesMax, { message: 'The answer has too many entries.' })
  @IsString({ each: true, message: 'The answer must be a list of texts.' })
  @MaxLength(500, { each: true, message: 'Answer too long. Maximum 500 characters allowed.' })
  answer!: string[];

  @ApiPropertyOptional({
    description:
      'The item was served as a review of a missed one (the weak-spots batch): its answer reviews the card.',
  })
  @IsOptional()
  @IsBoolean({ message: 'The review field must be true or false.' })
  review?: boolean;
}

export class ViewModeDto {
  @ApiProperty({ enum: VIEW_MODES })
  @IsIn([...VIEW_MODES], { message: 'The view mode must be admin or learner.' })
  mode!: ViewMode;
}
