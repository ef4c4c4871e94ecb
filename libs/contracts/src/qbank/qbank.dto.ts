import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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
  type QuestionType,
  QUESTION_TYPES,
  type RoundingRule,
  type TopicFlagsInput,
  VIEW_MODES,
  type ViewMode,
} from '../types';

const MEDIA_FILTERS = ['has', 'missing'] as const;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Query strings: '' means "any". */
const emptyToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : trim({ value });

export class RoundingRuleDto implements RoundingRule {
  @ApiProperty({ minimum: 0, maximum: 4 })
  @IsInt({ message: 'rounding.places must be a whole number from 0 to 4.' })
  @Min(0, { message: 'rounding.places must be a whole number from 0 to 4.' })
  @Max(4, { message: 'rounding.places must be a whole number from 0 to 4.' })
  places!: number;
}

/**
 * Body of POST /api/questions and PUT /api/questions/{qid}: shapes and sizes only. The save
 * rules of admin spec §5 (with their exact texts) are checked by the qbank service with the
 * same function the editor uses (`validateQuestionInput` of @examprep/validation).
 */
export class QuestionInputDto implements QuestionInput {
  @ApiProperty()
  @IsString({ message: 'question must be text.' })
  @MaxLength(L.questionMax, { message: `question must be at most ${L.questionMax} characters.` })
  question!: string;

  @ApiProperty({ enum: QUESTION_TYPES })
  @IsIn([...QUESTION_TYPES], { message: 'Please select a question type.' })
  type!: QuestionType;

  @ApiProperty({ type: [String] })
  @IsArray({ message: 'choices must be a list of texts.' })
  @ArrayMaxSize(L.choicesMax, { message: `choices can have at most ${L.choicesMax} entries.` })
  @IsString({ each: true, message: 'choices must be a list of texts.' })
  @MaxLength(L.choiceMax, {
    each: true,
    message: `each choice must be at most ${L.choiceMax} characters.`,
  })
  choices!: string[];

  @ApiProperty({ type: [String] })
  @IsArray({ message: 'correctAnswer must be a list of texts.' })
  @ArrayMaxSize(L.choicesMax, {
    message: `correctAnswer can have at most ${L.choicesMax} entries.`,
  })
  @IsString({ each: true, message: 'correctAnswer must be a list of texts.' })
  @MaxLength(L.choiceMax, {
    each: true,
    message: `each correct answer must be at most ${L.choiceMax} characters.`,
  })
  correctAnswer!: string[];

  @ApiProperty()
  @IsString({ message: 'explanation must be text.' })
  @MaxLength(L.explanationMax, {
    message: `explanation must be at most ${L.explanationMax} characters.`,
  })
  explanation!: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'course must be text.' })
  @MaxLength(L.nameMax, { message: `course must be at most ${L.nameMax} characters.` })
  course!: string;

  @ApiProperty()
  @Transform(trim)
  @IsString({ message: 'objective must be text.' })
  @MaxLength(L.nameMax, { message: `objective must be at most ${L.nameMax} characters.` })
  objective!: string;

  @ApiPropertyOptional({ type: RoundingRuleDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => RoundingRuleDto)
  rounding?: RoundingRuleDto | null;
}

/** Query of GET /api/questions and /api/questions/export (admin spec §2.4). */
export class QuestionFiltersDto implements QuestionFilters {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MaxLength(L.searchMax, { message: `search must be at most ${L.searchMax} characters.` })
  search?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MaxLength(L.nameMax)
  course?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MaxLength(L.nameMax)
  objective?: string;

  @ApiPropertyOptional({ enum: QUESTION_TYPES })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn([...QUESTION_TYPES], { message: 'type must be single, sata or blank.' })
  type?: QuestionType;

  @ApiPropertyOptional({ enum: MEDIA_FILTERS })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn([...MEDIA_FILTERS], { message: 'questionImage must be has or missing.' })
  questionImage?: MediaFilter;

  @ApiPropertyOptional({ enum: MEDIA_FILTERS })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn([...MEDIA_FILTERS], { message: 'explanationImage must be has or missing.' })
  explanationImage?: MediaFilter;

  @ApiPropertyOptional({ enum: MEDIA_FILTERS })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn([...MEDIA_FILTERS], { message: 'video must be has or missing.' })
  video?: MediaFilter;
}

export class QidParamDto {
  @ApiProperty({ example: 'AB12' })
  @Matches(QID_PATTERN, { message: 'qid must be two uppercase letters and two digits.' })
  qid!: string;
}

const KEY = /^[a-z0-9_.-]{1,64}$/;

export class TopicParamsDto {
  @ApiProperty()
  @Matches(KEY, { message: 'courseId must be a course id.' })
  courseId!: string;

  @ApiProperty()
  @Matches(KEY, { message: 'topicKey must be a topic key.' })
  topicKey!: string;
}

export class TopicFlagsDto implements TopicFlagsInput {
  @ApiProperty()
  @IsString({ message: 'objective must be an objective code.' })
  @Matches(/^[A-Za-z0-9_.-]{1,32}$/, { message: 'objective must be an objective code.' })
  objective!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'free must be true or false.' })
  free?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'available must be true or false.' })
  available?: boolean;
}

/** GET /api/infiniteqbank/generate-batch (learner spec §7: default count 5). */
export class GenerateBatchQueryDto implements GenerateBatchQuery {
  @ApiProperty()
  @Matches(KEY, { message: 'course must be a course id.' })
  course!: string;

  @ApiProperty()
  @Matches(/^[A-Za-z0-9_.-]{1,32}$/, { message: 'objective must be an objective code.' })
  objective!: string;

  @ApiPropertyOptional({ minimum: 1, maximum: L.batchMax, default: L.batchDefault })
  @IsOptional()
  @Transform(({ value }) => (value === '' || value === undefined ? undefined : Number(value)))
  @IsInt({ message: `count must be a whole number from 1 to ${L.batchMax}.` })
  @Min(1, { message: `count must be a whole number from 1 to ${L.batchMax}.` })
  @Max(L.batchMax, { message: `count must be a whole number from 1 to ${L.batchMax}.` })
  count?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(KEY, { message: 'topic must be a topic key.' })
  topic?: string;
}

export class InfiniteCheckDto implements InfiniteCheckInput {
  @ApiProperty({ example: 'md_iv_flow_rate~12345' })
  @IsString({ message: 'id must be a generated question id.' })
  @Matches(/^[a-z0-9_.-]{1,64}~\d{1,10}$/, { message: 'id must be a generated question id.' })
  id!: string;

  @ApiProperty({ type: [String] })
  @IsArray({ message: 'answer must be a list of texts.' })
  @ArrayMaxSize(L.choicesMax, { message: 'answer has too many entries.' })
  @IsString({ each: true, message: 'answer must be a list of texts.' })
  @MaxLength(500, { each: true, message: 'Answer too long. Maximum 500 characters allowed.' })
  answer!: string[];
}

export class ViewModeDto {
  @ApiProperty({ enum: VIEW_MODES })
  @IsIn([...VIEW_MODES], { message: 'mode must be admin or learner.' })
  mode!: ViewMode;
}
