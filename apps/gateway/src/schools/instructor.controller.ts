import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
// content-disposition 3 is ESM only: tsc's require() of it runs on Node >= 22 (require(esm));
// Jest has it transformed (ESM_PACKAGES in jest.preset.cjs)
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import {
  type Actor,
  CLASS_CSV_COLUMNS,
  type ClassGradebook,
  type ClassItemsAnswer,
  ContextKeyParam,
  csvHeader,
  csvLine,
  type InstructorClassesAnswer,
  Subjects,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { CurrentActor, InstructorOnly } from '../auth/auth.decorators';
import { AUTHZ, Authz } from '../auth/authz.decorator';
import { perMinute } from '../http/rate-limit';

/** The class gradebook as CSV: one line per learner (CLASS_CSV_COLUMNS), CRLF line ends. */
export function classCsv(book: ClassGradebook): string {
  const rows = book.learners.map((l) => ({
    name: l.name ?? '',
    email: l.email ?? '',
    status: l.uid ? l.status : 'not started',
    lastLaunchAt: l.lastLaunchAt ?? '',
    testsSubmitted: l.testsSubmitted,
    averageScore: l.averageScore ?? '',
    lastScore: l.lastScore ?? '',
    lastSubmittedAt: l.lastSubmittedAt ?? '',
    teasPercent: l.teas?.enough ? l.teas.percent : '',
    teasPercentLow: l.teas?.enough ? l.teas.percentLow : '',
    teasPercentHigh: l.teas?.enough ? l.teas.percentHigh : '',
  }));
  return csvHeader(CLASS_CSV_COLUMNS) + rows.map((r) => csvLine(CLASS_CSV_COLUMNS, r)).join('');
}

/** A file name from a class's label: letters, digits, dashes. */
export function classFileName(book: ClassGradebook): string {
  const label = (book.class.label ?? book.class.title ?? 'class')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `class-${label || 'class'}.csv`;
}

/**
 * The instructor's view of the classes they teach (issue 30, ADR 0040): the realm role
 * `instructor` opens the routes; which classes, the schools service decides from the launches
 * (another class answers 404).
 */
@ApiTags('instructor')
@InstructorOnly()
@Controller('instructor/classes')
export class InstructorController {
  constructor(@Inject(NatsRpcClient) private readonly rpc: NatsRpcClient) {}

  @Get()
  @Authz(AUTHZ.instructorOnly(200))
  @Throttle(perMinute(60))
  @ApiOperation({ summary: 'The classes (LMS courses) I teach, from my launches.' })
  @ApiOkResponse({ description: 'InstructorClassesAnswer' })
  classes(@CurrentActor() actor: Actor): Promise<InstructorClassesAnswer> {
    return this.rpc.request(Subjects.schools.instructorClasses, { actor });
  }

  @Get(':contextKey')
  @Authz(AUTHZ.instructorOnly(404))
  @Throttle(perMinute(30))
  @ApiOperation({
    summary:
      "A class's gradebook: the LMS roster (NRPS) or who launched, each learner's submitted tests, scores and TEAS readiness.",
  })
  @ApiOkResponse({ description: 'ClassGradebook' })
  gradebook(
    @CurrentActor() actor: Actor,
    @Param() { contextKey }: ContextKeyParam,
  ): Promise<ClassGradebook> {
    return this.rpc.request(Subjects.schools.classGradebook, { actor, contextKey });
  }

  @Get(':contextKey/items')
  @Authz(AUTHZ.instructorOnly(404))
  @Throttle(perMinute(30))
  @ApiOperation({
    summary: "A class's item analysis: each question its learners answered, hardest first.",
  })
  @ApiOkResponse({ description: 'ClassItemsAnswer' })
  items(
    @CurrentActor() actor: Actor,
    @Param() { contextKey }: ContextKeyParam,
  ): Promise<ClassItemsAnswer> {
    return this.rpc.request(Subjects.schools.classItems, { actor, contextKey });
  }

  @Get(':contextKey/export.csv')
  @Authz(AUTHZ.instructorOnly(404))
  @Throttle(perMinute(10))
  @ApiOperation({ summary: "The class's gradebook as CSV (one line per learner)." })
  @ApiOkResponse({
    description: 'text/csv; charset=utf-8, CRLF line ends.',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  async export(
    @CurrentActor() actor: Actor,
    @Param() { contextKey }: ContextKeyParam,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const book = await this.rpc.request(Subjects.schools.classGradebook, { actor, contextKey });
    await reply
      .status(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        contentDisposition(classFileName(book), { type: 'attachment' }),
      )
      .header('cache-control', 'no-store')
      .send(classCsv(book));
  }
}
