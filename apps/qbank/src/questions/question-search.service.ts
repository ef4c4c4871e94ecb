import { Injectable } from '@nestjs/common';
import {
  type Actor,
  PAGE_LIMIT,
  PageQueryDto,
  type PageRequest,
  QBANK_MESSAGES as M,
  type Question,
  type QuestionFacets,
  type QuestionFilters,
  QuestionFiltersDto,
  type QuestionListPage,
  type QuestionsExportPage,
} from '@examprep/contracts';
import { pageLimit, requireAdmin, ServiceError, validatePayload } from '@examprep/nest-kit';
import { filterByMedia, mediaFilters } from './question-media';
import { QuestionMediaService } from './question-media.service';
import { toQuestion } from './question.schema';
import { QUESTION_ORDER, QuestionsRepository } from './questions.repository';

/**
 * With media filters (checked on the real objects, after the query), a page reads the store in
 * key order up to this many times to fill itself; then it ends early and its cursor carries on
 * from the last question read (a page may hold fewer than `limit`, even none, before the end).
 */
export const MEDIA_FILTER_READS = 5;

/** The question bank's list, export and facets (admin spec §2.3-2.4, §7-8). Admin-only. */
@Injectable()
export class QuestionSearchService {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly media: QuestionMediaService,
  ) {}

  /**
   * A page of the admin list (ADR 0026): the questions after `page.cursor` in QUESTION_ORDER,
   * `page.limit` at most (default 50), the cursor of the next page, and the indexed count of
   * every question the filters match.
   */
  async list(
    actor: Actor | null,
    raw: QuestionFilters,
    page: PageRequest = {},
  ): Promise<QuestionListPage> {
    requireAdmin(actor, M.accessDenied);
    const filters = validatePayload(QuestionFiltersDto, raw);
    const { cursor, limit } = validatePayload(PageQueryDto, page);
    if (cursor !== undefined) QUESTION_ORDER.decode(cursor); // a 400 naming cursor, first
    const [found, total] = await Promise.all([
      this.page(actor, filters, cursor, pageLimit(limit)),
      this.total(filters),
    ]);
    return { ...found, total };
  }

  /**
   * A page of Export Questions: the file's fields and 100 questions after `cursor`. The first
   * page of an export that matches nothing is 'No questions to export.' (404), before the
   * gateway has written anything.
   */
  async exportPage(
    actor: Actor | null,
    raw: QuestionFilters,
    cursor?: string,
  ): Promise<QuestionsExportPage> {
    requireAdmin(actor, M.accessDenied);
    const filters = validatePayload(QuestionFiltersDto, raw);
    validatePayload(PageQueryDto, cursor === undefined ? {} : { cursor });
    if (cursor !== undefined) QUESTION_ORDER.decode(cursor);
    const [found, total] = await Promise.all([
      this.page(actor, filters, cursor, PAGE_LIMIT.max),
      this.total(filters),
    ]);
    if (cursor === undefined && found.questions.length === 0 && found.next === null) {
      throw ServiceError.notFound(M.nothingToExport);
    }
    return {
      exportDate: new Date().toISOString(),
      totalQuestions: total,
      filters: cleanFilters(raw),
      ...found,
    };
  }

  /**
   * The maintained count of the course, objective and type filters; null with a search or a
   * media filter (no count answers those without reading the bank).
   */
  private total(filters: QuestionFilters): Promise<number | null> {
    if (filters.search || mediaFilters(filters).length > 0) return Promise.resolve(null);
    return this.questions.count(filters);
  }

  private async page(
    actor: Actor,
    filters: QuestionFilters,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ questions: Question[]; next: string | null }> {
    const byMedia = mediaFilters(filters);
    if (byMedia.length === 0) {
      const { items, next } = await this.questions.searchPage(filters, cursor, limit);
      return { questions: items.map(toQuestion), next };
    }
    const exists = await this.media.exists(actor);
    const questions: Question[] = [];
    let after = cursor;
    for (let read = 0; read < MEDIA_FILTER_READS; read++) {
      const { items, next } = await this.questions.searchPage(filters, after, limit);
      const kept = filterByMedia(items.map(toQuestion), byMedia, exists);
      for (const [i, q] of kept.entries()) {
        questions.push(q);
        if (questions.length === limit) {
          const more = i < kept.length - 1 || next !== null;
          return { questions, next: more ? QUESTION_ORDER.cursorOf(recordKey(q)) : null };
        }
      }
      if (next === null) return { questions, next: null };
      after = next;
    }
    return { questions, next: after ?? null };
  }

  /** Course and objective names in use, for the editor's pickers. */
  async facets(actor: Actor | null): Promise<QuestionFacets> {
    requireAdmin(actor, M.accessDenied);
    return toFacets(await this.questions.courseObjectives());
  }
}

/** The keys of QUESTION_ORDER of a question (its record's course, objective and qid). */
const recordKey = (q: Question) =>
  ({ _id: q.qid, course: q.course, objective: q.objective }) as Parameters<
    typeof QUESTION_ORDER.cursorOf
  >[0];

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

/**
 * Course names with their objective names. Names are whatever admins typed ('constructor',
 * '__proto__' included), so they are gathered in a Map, never as keys of a plain object.
 */
export function toFacets(docs: readonly Pick<Question, 'course' | 'objective'>[]): QuestionFacets {
  const objectives = new Map<string, Set<string>>();
  for (const d of docs) {
    const set = objectives.get(d.course) ?? new Set<string>();
    objectives.set(d.course, set.add(d.objective));
  }
  return {
    courses: [...objectives.keys()].sort(byName),
    objectives: Object.fromEntries(
      [...objectives].map(([course, set]) => [course, [...set].sort(byName)]),
    ),
  };
}

/** The filters an export names: those set to a non-blank text. */
export function cleanFilters(f: QuestionFilters): QuestionFilters {
  return Object.fromEntries(
    Object.entries(f).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  ) as QuestionFilters;
}
