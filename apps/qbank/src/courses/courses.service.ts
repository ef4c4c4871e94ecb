import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  type Actor,
  compareObjectiveCodes,
  type Course,
  type CoursesResponse,
  QBANK_MESSAGES as M,
  type TopicFlagsInput,
  TopicFlagsDto,
  TopicParamsDto,
} from '@examprep/contracts';
import { COURSE_DEFINITIONS, hasGenerator } from '@examprep/generators';
import { requireAdmin, rootLogger, ServiceError, validatePayload } from '@examprep/nest-kit';
import type { CourseRecord, StoredObjective } from './course.schema';
import { CoursesRepository } from './courses.repository';

/** Courses change only when an admin flips a flag; replicas re-read at most this often. */
const CACHE_MS = 2_000;
const WRITE_RETRIES = 5;

/** The course/topic catalogue (admin spec §2.6, §3). */
@Injectable()
export class CoursesService implements OnApplicationBootstrap {
  private cache: { at: number; courses: Promise<Course[]> } | undefined;

  constructor(private readonly courses: CoursesRepository) {}

  /**
   * Makes sure every course, objective and topic of the generator registry exists (new ones
   * start neither free nor available); stored flags and admin-made entries are kept.
   */
  async onApplicationBootstrap(): Promise<void> {
    for (const def of COURSE_DEFINITIONS) {
      for (let attempt = 0; attempt < WRITE_RETRIES; attempt++) {
        const doc = await this.courses.findById(def.id);
        const objectives: StoredObjective[] = doc?.objectives
          ? structuredClone(doc.objectives)
          : [];
        let changed = !doc;
        for (const o of def.objectives) {
          let stored = objectives.find((x) => x.code === o.code);
          if (!stored) {
            stored = { code: o.code, name: o.name, section: o.section, topics: [] };
            objectives.push(stored);
            changed = true;
          }
          for (const t of o.topics) {
            if (!stored.topics.some((x) => x.key === t.key)) {
              stored.topics.push({ key: t.key, name: t.name, free: false, available: false });
              changed = true;
            }
          }
        }
        if (!changed) break;
        if (!doc) {
          if (await this.courses.insertNew({ _id: def.id, name: def.name, objectives })) break;
          continue; // another replica won
        }
        if (await this.courses.replaceObjectives(def.id, doc.revision ?? 0, objectives)) break;
      }
    }
    this.cache = undefined;
    rootLogger().info({ courses: COURSE_DEFINITIONS.length }, 'course catalogue in sync');
  }

  /** Every course with hasGenerator derived from the registry; objectives sorted by code. */
  all(): Promise<Course[]> {
    if (!this.cache || Date.now() - this.cache.at > CACHE_MS) {
      const courses = this.load();
      this.cache = { at: Date.now(), courses };
      courses.catch(() => (this.cache = undefined));
    }
    return this.cache.courses;
  }

  /** Fetch courses (admin): success and a courses map. */
  async list(actor: Actor | null): Promise<CoursesResponse> {
    requireAdmin(actor, M.topicsAccessDenied);
    const courses = await this.all();
    return { success: true, courses: Object.fromEntries(courses.map((c) => [c.id, c])) };
  }

  /** Writes a topic's Free and/or Available flag; a topic without a generator cannot be switched on. */
  async setTopicFlags(
    actor: Actor | null,
    courseId: string,
    topicKey: string,
    raw: TopicFlagsInput,
  ): Promise<Course> {
    requireAdmin(actor, M.topicsAccessDenied);
    // ids from the path: checked again here before they go into a query (same DTO, same texts)
    validatePayload(TopicParamsDto, { courseId, topicKey });
    const input = validatePayload(TopicFlagsDto, raw);
    for (let attempt = 0; attempt < WRITE_RETRIES; attempt++) {
      const doc = await this.courses.findById(courseId);
      if (!doc) throw ServiceError.notFound(M.courseNotFound);
      const objectives = structuredClone(doc.objectives);
      const topic = objectives
        .find((o) => o.code === input.objective)
        ?.topics.find((t) => t.key === topicKey);
      if (!topic) throw ServiceError.notFound(M.topicNotFound);
      if ((input.free || input.available) && !hasGenerator(topicKey)) {
        throw ServiceError.conflict(M.noGenerator, 'NO_GENERATOR');
      }
      if (input.free !== undefined) topic.free = input.free;
      if (input.available !== undefined) topic.available = input.available;
      if (await this.courses.replaceObjectives(courseId, doc.revision ?? 0, objectives)) {
        this.cache = undefined;
        rootLogger().info({ courseId, topicKey, ...input, adminUid: actor.uid }, 'topic flags');
        return toCourse({ ...doc, objectives });
      }
    }
    throw ServiceError.conflict('The course changed while saving. Please try again.');
  }

  private async load(): Promise<Course[]> {
    const docs = await this.courses.findAll();
    const order = new Map(COURSE_DEFINITIONS.map((c, i) => [c.id, i]));
    return docs
      .map(toCourse)
      .sort(
        (a, b) => (order.get(a.id) ?? 99) - (order.get(b.id) ?? 99) || a.id.localeCompare(b.id),
      );
  }
}

export function toCourse(doc: Pick<CourseRecord, '_id' | 'name' | 'objectives'>): Course {
  const objectives = [...(doc.objectives ?? [])].sort((a, b) =>
    compareObjectiveCodes(a.code, b.code),
  );
  return {
    id: doc._id,
    name: doc.name,
    objectives: Object.fromEntries(
      objectives.map((o) => [
        o.code,
        {
          name: o.name,
          section: o.section,
          topics: o.topics.map((t) => ({
            key: t.key,
            name: t.name,
            hasGenerator: hasGenerator(t.key),
            free: t.free === true,
            available: t.available === true,
          })),
        },
      ]),
    ),
  };
}
