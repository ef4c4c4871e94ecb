import { Injectable } from '@nestjs/common';
import {
  type Actor,
  QBANK_MESSAGES as M,
  type Question,
  type QuestionFacets,
  type QuestionFilters,
  QuestionFiltersDto,
  type QuestionListResponse,
  type QuestionsExport,
} from '@examprep/contracts';
import { requireAdmin, ServiceError, validatePayload } from '@examprep/nest-kit';
import { filterByMedia, mediaFilters } from './question-media';
import { QuestionMediaService } from './question-media.service';
import { toQuestion } from './question.schema';
import { QuestionsRepository } from './questions.repository';

/** The question bank's list, export and facets (admin spec §2.3-2.4, §7-8). Admin-only. */
@Injectable()
export class QuestionSearchService {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly media: QuestionMediaService,
  ) {}

  async list(actor: Actor | null, raw: QuestionFilters): Promise<QuestionListResponse> {
    requireAdmin(actor, M.accessDenied);
    const filters = validatePayload(QuestionFiltersDto, raw);
    let questions = (await this.questions.search(filters)).map(toQuestion);
    const byMedia = mediaFilters(filters);
    if (byMedia.length > 0) {
      questions = filterByMedia(questions, byMedia, await this.media.exists(actor));
    }
    return { questions, total: questions.length };
  }

  async export(actor: Actor | null, raw: QuestionFilters): Promise<QuestionsExport> {
    const { questions, total } = await this.list(actor, raw);
    if (total === 0) throw ServiceError.notFound(M.nothingToExport);
    return {
      exportDate: new Date().toISOString(),
      totalQuestions: total,
      filters: cleanFilters(raw),
      questions,
    };
  }

  /** Course and objective names in use, for the editor's pickers. */
  async facets(actor: Actor | null): Promise<QuestionFacets> {
    requireAdmin(actor, M.accessDenied);
    return toFacets(await this.questions.courseObjectives());
  }
}

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
