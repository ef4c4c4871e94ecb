import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { LEARNING_LIMITS as L, LEARNING_MESSAGES as M, type StudyPlanSettings } from '../types';

/** A calendar date as the date input sends it. */
export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The study plan's settings (issue 29). The date's range (today up to two years ahead) needs
 * today's date: the service checks it (validExamDate).
 */
export class StudyPlanSettingsDto implements StudyPlanSettings {
  @ApiProperty({ example: '2027-03-15', description: 'The exam date (YYYY-MM-DD).' })
  @IsString({ message: M.examDate })
  @Matches(DATE_ONLY, { message: M.examDate })
  examDate!: string;

  @ApiProperty({ minimum: L.minutesPerDayMin, maximum: L.minutesPerDayMax, example: 30 })
  @IsInt({ message: M.minutesPerDay })
  @Min(L.minutesPerDayMin, { message: M.minutesPerDay })
  @Max(L.minutesPerDayMax, { message: M.minutesPerDay })
  minutesPerDay!: number;

  @ApiProperty({ description: 'A daily reminder mail (opt-in).' })
  @IsBoolean({ message: M.reminders })
  reminders!: boolean;
}

/** The course a weak-spots batch is drawn from. */
export class WeakSpotsQueryDto {
  @ApiProperty({ example: 'teas_math', description: 'The course id (teas_math, med_dosage).' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: M.course })
  @MaxLength(100, { message: M.course })
  @Matches(/\S/, { message: M.course })
  course!: string;
}

/** The reminder mail's unsubscribe token (random, 32 bytes base64url). */
export class UnsubscribeDto {
  @ApiProperty()
  @IsString({ message: M.unsubscribe })
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: M.unsubscribe })
  token!: string;
}

/** A calendar date is real and within [today, today + examDateMaxDays] (UTC days). */
export function validExamDate(date: string, today: string): boolean {
  if (!DATE_ONLY.test(date)) return false;
  const t = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== date) return false;
  const days = (t - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  return days >= 0 && days <= L.examDateMaxDays;
}

/** Service to service (testing → qbank): generated items to replay, by id (`topic~seed`). */
export class GenerateItemsDto {
  @ApiProperty({ type: [String], example: ['md_iv_flow_rate~12345'] })
  @IsArray({ message: 'The item ids must be a list.' })
  @ArrayMaxSize(50, { message: 'At most 50 items at a time.' })
  @IsString({ each: true, message: 'The question id is not valid.' })
  @Matches(/^[a-z0-9_.-]{1,64}~\d{1,10}$/, { each: true, message: 'The question id is not valid.' })
  ids!: string[];
}
