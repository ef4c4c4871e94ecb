import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type ErrorRateRow,
  ITEM_RESPONSE_LABELS,
  ITEM_STATS_MESSAGES,
  type ItemErrorRates,
  type ItemResponseCount,
  type ItemStatsDetail,
  ItemStatsFiltersDto,
  type ItemStatsFilters,
  type ItemStatsListQuery,
  ItemStatsQidDto,
  ItemStatsSortDto,
  type ItemStatsPage,
  type ItemStatsRow,
  PageQueryDto,
  type PageRequest,
  TIME_BUCKET_LABELS,
} from '@examprep/contracts';
import { pageLimit, requireAdmin, ServiceError, validatePayload } from '@examprep/nest-kit';
import { histogramOf } from './item-stats.fold';
import { discrimination, itemSd, pointBiserial } from './item-stats.maths';
import { itemStatsOrder } from './item-stats.order';
import { type ErrorRateDoc, type ItemStatsDoc, ItemStatsRepository } from './item-stats.repository';
import { UNDEFINED_MEDIAN } from './item-stats.schema';
import { OTHER_RESPONSES } from './test-submitted.fact';

const round = (v: number | null, places = 4) =>
  v === null ? null : Math.round(v * 10 ** places) / 10 ** places;

/** A stored document as a row of the list (and of the CSV). */
export function toItemStatsRow(doc: ItemStatsDoc): ItemStatsRow {
  return {
    qid: doc.qid,
    course: doc.course,
    objective: doc.objective,
    topic: doc.topic,
    stem: doc.stem,
    n: doc.n,
    correct: doc.sx,
    facility: round(doc.n === 0 ? 0 : doc.sx / doc.n)!,
    sd: round(itemSd(doc)),
    discrimination: round(discrimination(doc)),
    pointBiserial: round(pointBiserial(doc)),
    flagged: doc.flagged,
    flagRate: round(doc.n === 0 ? 0 : doc.flagged / doc.n)!,
    medianSeconds: doc.medianTime === UNDEFINED_MEDIAN ? null : doc.medianTime,
    lastAt: doc.lastAt.toISOString(),
  };
}

function toErrorRateRow(d: ErrorRateDoc): ErrorRateRow {
  return {
    kind: d.kind,
    course: d.course,
    objective: d.objective,
    name: d.name,
    n: d.n,
    errors: d.errors,
    rate: d.n === 0 ? 0 : Math.round((d.errors / d.n) * 10_000) / 10_000,
  };
}

/** The highest error rate first, then the most attempts, then by name. */
const byRate = (a: ErrorRateRow, b: ErrorRateRow) =>
  b.rate - a.rate || b.n - a.n || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The admin's item analysis (ADR 0037): reads only the maintained statistics, never a test.
 * Every call is admins only; filters and orders are checked (a 400 naming the field).
 */
@Injectable()
export class ItemStatsService {
  constructor(private readonly repo: ItemStatsRepository) {}

  async list(
    actor: Actor | null,
    query: ItemStatsListQuery,
    page: PageRequest = {},
  ): Promise<ItemStatsPage> {
    requireAdmin(actor);
    const filters = this.filters(query);
    const { sort = 'facility', dir = 'asc' } = validatePayload(ItemStatsSortDto, {
      sort: query.sort,
      dir: query.dir,
    });
    const { cursor, limit } = validatePayload(PageQueryDto, page);
    if (cursor !== undefined) itemStatsOrder(sort, dir).decode(cursor); // a 400 naming cursor
    const found = await this.repo.page(filters, sort, dir, cursor, pageLimit(limit));
    return { items: found.items.map(toItemStatsRow), next: found.next };
  }

  async get(actor: Actor | null, qid: string): Promise<ItemStatsDetail> {
    requireAdmin(actor);
    validatePayload(ItemStatsQidDto, { qid });
    const doc = await this.repo.get(qid);
    if (!doc) throw ServiceError.notFound(ITEM_STATS_MESSAGES.questionNotFound);
    const share = (count: number) =>
      doc.n === 0 ? 0 : Math.round((count / doc.n) * 10_000) / 10_000;
    const responses: ItemResponseCount[] = doc.options.map((o) => ({
      ...o,
      count: doc.resp[o.key] ?? 0,
      share: share(doc.resp[o.key] ?? 0),
    }));
    // responses given to options the question no longer shows (an edited choice), and the
    // typed answers that are neither right nor named, and no answer
    for (const [key, count] of Object.entries(doc.resp)) {
      if (responses.some((r) => r.key === key) || count === 0) continue;
      responses.push({
        key,
        label: OTHER_RESPONSES[key] ?? ITEM_RESPONSE_LABELS.earlierChoice,
        correct: false,
        misconception: null,
        count,
        share: share(count),
      });
    }
    const hist = histogramOf(doc);
    return {
      row: toItemStatsRow(doc),
      responses,
      timeHistogram: TIME_BUCKET_LABELS.map((label, i) => ({ label, count: hist[i] ?? 0 })),
      unanswered: doc.unanswered,
    };
  }

  async errorRates(actor: Actor | null, raw: ItemStatsFilters): Promise<ItemErrorRates> {
    requireAdmin(actor);
    const filters = this.filters(raw);
    const [topics, misconceptions] = await Promise.all([
      this.repo.errorRates('topic', filters),
      this.repo.errorRates('misconception', filters),
    ]);
    return {
      topics: topics.map(toErrorRateRow).sort(byRate),
      misconceptions: misconceptions.map(toErrorRateRow).sort(byRate),
    };
  }

  private filters(raw: ItemStatsFilters): ItemStatsFilters {
    const f = validatePayload(ItemStatsFiltersDto, {
      course: raw.course,
      objective: raw.objective,
    });
    if (f.objective !== undefined && f.course === undefined)
      throw ServiceError.badRequest(ITEM_STATS_MESSAGES.objectiveNeedsCourse, {
        objective: [ITEM_STATS_MESSAGES.objectiveNeedsCourse],
      });
    return { course: f.course, objective: f.objective };
  }
}
