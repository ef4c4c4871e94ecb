import type { Course, InfiniteQuestion } from '@examprep/contracts/types';
import type { CourseDefinition, GeneratedItem, GenerateFn } from './core/types';
import { MED_DOSAGE_COURSE } from './med-dosage';
import { TEAS_COURSE } from './teas';

/** Every course the generators know, in display order. */
export const COURSE_DEFINITIONS: readonly CourseDefinition[] = [TEAS_COURSE, MED_DOSAGE_COURSE];

/** Where a generated item belongs and how to replay it. */
export interface ItemPlace {
  /** `${topicKey}~${seed}` */
  id: string;
  topicKey: string;
  seed: number;
  course: string;
  objective: string;
}

/** A generated item with where it belongs and how to replay it. */
export type ReplayableItem = GeneratedItem & ItemPlace;

interface Entry {
  generate: GenerateFn;
  course: string;
  objective: string;
  name: string;
  pump: boolean;
}

const REGISTRY: ReadonlyMap<string, Entry> = buildRegistry(COURSE_DEFINITIONS);

function buildRegistry(courses: readonly CourseDefinition[]): Map<string, Entry> {
  const map = new Map<string, Entry>();
  for (const course of courses) {
    for (const objective of course.objectives) {
      for (const topic of objective.topics) {
        if (map.has(topic.key)) throw new Error(`duplicate topic key ${topic.key}`);
        if (topic.generate) {
          map.set(topic.key, {
            generate: topic.generate,
            course: course.id,
            objective: objective.code,
            name: topic.name,
            pump: topic.answeredOn === 'pump',
          });
        }
      }
    }
  }
  return map;
}

/** Where a topic with a generator belongs (course id, objective code, name); null for an unknown key. */
export function topicPlace(
  topicKey: string,
): { course: string; objective: string; name: string; pump: boolean } | null {
  const entry = REGISTRY.get(topicKey);
  return entry
    ? { course: entry.course, objective: entry.objective, name: entry.name, pump: entry.pump }
    : null;
}

/** Topic keys that have a generator. */
export function generatorKeys(): string[] {
  return [...REGISTRY.keys()];
}

export function hasGenerator(topicKey: string): boolean {
  return REGISTRY.has(topicKey);
}

/**
 * Topics whose items are answered on the pump face (type 'pump'): Infinite QBank only. Their
 * items are never copied into the question bank, a test or a workbook (no choices, no blank).
 */
export function isPumpTopic(topicKey: string): boolean {
  return REGISTRY.get(topicKey)?.pump ?? false;
}

/** Topic keys whose items can become stored questions (single or blank): every generator but the pump topics. */
export function bankableGeneratorKeys(): string[] {
  return [...REGISTRY].filter(([, entry]) => !entry.pump).map(([key]) => key);
}

export const MAX_SEED = 0xffffffff;

/** Generates (or replays) the item of `topicKey` for `seed`. */
export function generate(topicKey: string, seed: number): ReplayableItem {
  const entry = REGISTRY.get(topicKey);
  if (!entry) throw new UnknownTopicError(topicKey);
  const item = entry.generate(seed);
  return {
    ...item,
    id: itemId(topicKey, seed),
    topicKey,
    seed,
    course: entry.course,
    objective: entry.objective,
  };
}

export class UnknownTopicError extends Error {
  constructor(readonly topicKey: string) {
    super(`No generator for topic '${topicKey}'.`);
  }
}

export function itemId(topicKey: string, seed: number): string {
  return `${topicKey}~${seed}`;
}

/** Parses an item id; null when it is not `${known topic}~${seed}`. */
export function parseItemId(id: string): { topicKey: string; seed: number } | null {
  const match = /^([a-z0-9_.-]{1,64})~(\d{1,10})$/.exec(id);
  if (!match) return null;
  const seed = Number(match[2]);
  if (seed > MAX_SEED || !REGISTRY.has(match[1])) return null;
  return { topicKey: match[1], seed };
}

/** What the browser may see before answering (no answer, explanation or misconceptions). */
export function toPublicQuestion(item: ReplayableItem): InfiniteQuestion {
  return {
    id: item.id,
    topicKey: item.topicKey,
    seed: item.seed,
    course: item.course,
    objective: item.objective,
    type: item.type,
    question: item.question,
    choices: item.choices,
    rounding: item.rounding,
    unit: item.unit,
    pump: item.type === 'pump' ? item.pump : null,
  };
}

/**
 * The course catalogue with `hasGenerator` derived from this registry. `free` and
 * `available` start false: admins switch topics on in the course topic manager.
 */
export function defaultCatalog(): Course[] {
  return COURSE_DEFINITIONS.map((course) => ({
    id: course.id,
    name: course.name,
    objectives: Object.fromEntries(
      course.objectives.map((objective) => [
        objective.code,
        {
          name: objective.name,
          section: objective.section,
          topics: objective.topics.map((topic) => ({
            key: topic.key,
            name: topic.name,
            hasGenerator: REGISTRY.has(topic.key),
            free: false,
            available: false,
          })),
        },
      ]),
    ),
  }));
}
