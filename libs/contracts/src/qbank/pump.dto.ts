import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  ValidateNested,
} from 'class-validator';
import {
  KEYPAD_VALUE,
  PUMP_CALCULATE,
  PUMP_ID_PATTERN,
  PUMP_COUNTS,
  PUMP_LIMITS,
  PUMP_MESSAGES as M,
  PUMP_TIME_FORMATS,
  TIME_INPUT_VALUE,
  type PumpAnswerInput,
  type PumpCalculate,
  type PumpChannelReading,
  type PumpCheckInput,
  type PumpCount,
  type PumpGenerateInput,
  type PumpTimeFormat,
} from '../types';

/** POST /api/simulations/pump/generate: the three controls of the pump face. */
export class PumpGenerateDto implements PumpGenerateInput {
  @ApiProperty({ enum: PUMP_CALCULATE })
  @IsIn([...PUMP_CALCULATE], { message: 'What to calculate must be rate, vtbi or time.' })
  calculate!: PumpCalculate;

  @ApiProperty({ enum: PUMP_TIME_FORMATS })
  @IsIn([...PUMP_TIME_FORMATS], { message: 'The time format must be given, ampm or military.' })
  timeFormat!: PumpTimeFormat;

  @ApiProperty({ enum: PUMP_COUNTS })
  @IsIn([...PUMP_COUNTS], { message: 'The pump count must be single or dual.' })
  pumpCount!: PumpCount;
}

/** One channel as typed: digits only, at most 4 (spec §5, §9). */
export class PumpChannelReadingDto implements PumpChannelReading {
  @ApiProperty({ example: '125', maxLength: PUMP_LIMITS.keypadMaxDigits })
  @IsString({ message: `Rate: ${M.keypadDigits}` })
  @Matches(KEYPAD_VALUE, { message: `Rate: ${M.keypadDigits}` })
  rate!: string;

  @ApiProperty({ example: '1000', maxLength: PUMP_LIMITS.keypadMaxDigits })
  @IsString({ message: `VTBI: ${M.keypadDigits}` })
  @Matches(KEYPAD_VALUE, { message: `VTBI: ${M.keypadDigits}` })
  vtbi!: string;
}

export class PumpAnswerDto implements PumpAnswerInput {
  @ApiPropertyOptional({ type: PumpChannelReadingDto })
  @IsOptional()
  @IsObject({ message: M.answerShape })
  @ValidateNested({ message: M.answerShape })
  @Type(() => PumpChannelReadingDto)
  A?: PumpChannelReadingDto;

  @ApiPropertyOptional({ type: PumpChannelReadingDto })
  @IsOptional()
  @IsObject({ message: M.answerShape })
  @ValidateNested({ message: M.answerShape })
  @Type(() => PumpChannelReadingDto)
  B?: PumpChannelReadingDto;

  @ApiPropertyOptional({ example: '8', maxLength: PUMP_LIMITS.timeInputMaxDigits })
  @IsOptional()
  @IsString({ message: `Hours: ${M.timeDigits}` })
  @Matches(TIME_INPUT_VALUE, { message: `Hours: ${M.timeDigits}` })
  hours?: string;

  @ApiPropertyOptional({ example: '30', maxLength: PUMP_LIMITS.timeInputMaxDigits })
  @IsOptional()
  @IsString({ message: `Minutes: ${M.timeDigits}` })
  @Matches(TIME_INPUT_VALUE, { message: `Minutes: ${M.timeDigits}` })
  minutes?: string;
}

/** POST /api/simulations/pump/check */
export class PumpCheckDto implements PumpCheckInput {
  @ApiProperty({ example: 'singlePump~given~12345' })
  @IsString({ message: M.invalidId })
  @Matches(PUMP_ID_PATTERN, { message: M.invalidId })
  id!: string;

  @ApiProperty({ type: PumpAnswerDto })
  @IsDefined({ message: M.answerShape })
  @IsObject({ message: M.answerShape })
  @ValidateNested({ message: M.answerShape })
  @Type(() => PumpAnswerDto)
  answer!: PumpAnswerDto;
}
