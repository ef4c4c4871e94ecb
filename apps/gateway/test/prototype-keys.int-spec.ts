// Keys from a request looked up on plain objects (issue 8, item 2): the names every object
// inherits from Object.prototype, sent where the API takes a name, an id or a code, must be
// unknown names (400/404), never a 500. Against the real gateway, NATS, services, FerretDB and
// Keycloak of the test system. Part (a) is the regression of the reported URL; part (b) takes
// every route of the gateway's OpenAPI document and every path parameter, query parameter and
// top-level string body field, as anonymous caller, learner and admin.
import {
  type InfiniteCoursesResponse,
  QBANK_MESSAGES as M,
  type QuestionFacets,
} from '@examprep/contracts';
import { infraConfig } from '@examprep/test-kit';
import { MongoClient } from 'mongodb';
import { call, gatewayUrl } from './support/api';
import type { OpenApiDocument, Schema } from './support/openapi';
import { systemCtl } from './support/system';

const cfg = infraConfig('test');

/** Every name an object inherits, plus '__proto__' (an accessor of Object.prototype). */
const NAMES: readonly string[] = [
  ...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__']),
];
/** The names the issue reports. */
const REPORTED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

type Who = 'anonymous' | 'learner' | 'admin';
const WHO: readonly Who[] = ['anonymous', 'learner', 'admin'];
let mongo: MongoClient;

beforeAll(async () => {
  systemCtl('start', ['announcements', 'catalog', 'identity', 'qbank', 'gateway']);
  mongo = await MongoClient.connect(cfg.mongoUrl());
});

/** Anything these tests (or a wrong answer of the system) stored under one of the names. */
async function removeNamedDocuments(): Promise<{ questions: number; announcements: number }> {
  const names = [...NAMES];
  const questions = await mongo
    .db('qbank')
    .collection('questions')
    .deleteMany({
      $or: [
        { course: { $in: names } },
        { objective: { $in: names } },
        { question: { $in: names } },
      ],
    });
  const announcements = await mongo
    .db('announcements')
    .collection('announcements')
    .deleteMany({ $or: [{ content: { $in: names } }, { linkText: { $in: names } }] });
  return { questions: questions.deletedCount, announcements: announcements.deletedCount };
}

afterAll(async () => {
  await removeNamedDocuments();
  await mongo?.close();
});

/** An open course and objective of the Infinite QBank (the seed opens generator topics). */
async function openObjective(): Promise<{ course: string; objective: string; topic: string }> {
  const { body } = await call('GET', '/api/infiniteqbank/courses', { who: 'anonymous' });
  const courses = (body as InfiniteCoursesResponse).courses;
  const course = courses.find((c) => Object.keys(c.objectives).length > 0);
  if (!course) throw new Error('the test system offers no Infinite QBank topic');
  const [objective, o] = Object.entries(course.objectives)[0];
  return { course: course.id, objective, topic: o.topics[0].key };
}

describe('(a) regression: GET /api/infiniteqbank/generate-batch', () => {
  it('answers 404 for ?course=teas_math&objective=__proto__, anonymously (the reported URL)', async () => {
    const res = await call(
      'GET',
      '/api/infiniteqbank/generate-batch?course=teas_math&objective=__proto__',
      { who: 'anonymous' },
    );
    expect(res).toMatchObject({ status: 404, body: { message: M.noTopics } });
  });

  it.each(REPORTED)('%s as course, objective or topic: 400 or 404, for everyone', async (name) => {
    const open = await openObjective();
    const q = (over: Record<string, string>) =>
      `/api/infiniteqbank/generate-batch?${new URLSearchParams({ course: open.course, objective: open.objective, ...over })}`;
    for (const who of WHO) {
      const asCourse = await call('GET', q({ course: name }), { who });
      const asObjective = await call('GET', q({ objective: name }), { who });
      const asTopic = await call('GET', q({ topic: name }), { who });
      // course ids and topic keys are lowercase (400 for 'toString'); the rest is unknown
      expect([400, 404]).toContain(asCourse.status);
      expect(asObjective).toMatchObject({ status: 404, body: { message: M.noTopics } });
      if (asTopic.status === 404) expect(asTopic.body.message).toBe(M.topicNotFound);
      else expect(asTopic.status).toBe(400);
    }
  });

  it.each(REPORTED)('%s in an Infinite QBank check id: 400, for everyone', async (name) => {
    for (const who of WHO) {
      for (const id of [`${name}~1`, `${name}`, `teas_percents~${name}`]) {
        const res = await call('POST', '/api/infiniteqbank/check', {
          who,
          body: { id, answer: ['1'] },
        });
        expect(res.status).toBe(400);
      }
    }
  });

  it('a question whose course and objective are such names keeps the editor pickers working', async () => {
    const created = await call('POST', '/api/questions', {
      who: 'admin',
      body: {
        question: 'What is 1 + 1?',
        type: 'single',
        choices: ['2', '3'],
        correctAnswer: ['2'],
        explanation: 'One and one make two.',
        course: 'constructor',
        objective: '__proto__',
      },
    });
    expect(created.status).toBe(201);
    try {
      const facets = await call('GET', '/api/questions/facets', { who: 'admin' });
      expect(facets.status).toBe(200);
      const body = facets.body as QuestionFacets;
      expect(body.courses).toContain('constructor');
      expect(Object.getOwnPropertyDescriptor(body.objectives, 'constructor')?.value).toEqual([
        '__proto__',
      ]);
      const listed = await call(
        'GET',
        `/api/questions?${new URLSearchParams({ course: 'constructor', objective: '__proto__' })}`,
        { who: 'admin' },
      );
      expect(listed.status).toBe(200);
      expect(listed.body.questions.map((q: { qid: string }) => q.qid)).toEqual([created.body.qid]);
    } finally {
      expect(
        (await call('DELETE', `/api/questions/${created.body.qid}`, { who: 'admin' })).status,
      ).toBe(200);
    }
  });

  it('fields named after Object.prototype members are refused as unknown fields (400)', async () => {
    for (const name of NAMES) {
      const raw = `{"id": "teas_percents~1", "answer": ["1"], ${JSON.stringify(name)}: "x"}`;
      const res = await call('POST', '/api/infiniteqbank/check', { raw });
      expect(res.status).toBe(400);
      const query = await call(
        'GET',
        `/api/infiniteqbank/generate-batch?course=teas_math&objective=1&${encodeURIComponent(name)}=1`,
        { who: 'anonymous' },
      );
      expect(query.status).toBe(400);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// (b) class-wide: every route of the OpenAPI document

/** One request of the sweep: the route, the slot that carries the name, and the name. */
interface Probe {
  method: string;
  route: string;
  slot: string;
  path: string;
  body?: Record<string, unknown>;
}

/**
 * Values of the slots that do not carry the name. Real catalogue ids where a lookup should be
 * reached (read-only routes, or writes that only happen for a found topic, which a name never
 * is); everything else a value that matches no stored id, so no route changes real data.
 */
function baseValues(open: {
  course: string;
  objective: string;
  topic: string;
}): Record<string, string> {
  return {
    course: open.course,
    objective: open.objective,
    courseId: open.course,
    topicKey: open.topic,
  };
}
const NO_ID = 'x0';

function resolve(doc: OpenApiDocument, schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(doc, doc.components?.schemas?.[schema.$ref.split('/').pop()!]);
  if (schema.allOf?.length === 1) return resolve(doc, schema.allOf[0]);
  return schema;
}

function sample(
  doc: OpenApiDocument,
  schema: Schema | undefined,
  name: string,
  base: Record<string, string>,
): unknown {
  const s = resolve(doc, schema);
  if (s.enum?.length) return s.enum[0];
  switch (s.type) {
    case 'string':
      return Object.hasOwn(base, name) ? base[name] : NO_ID;
    case 'boolean':
      return false;
    case 'number':
    case 'integer':
      return s.minimum ?? 1;
    case 'array':
      return [sample(doc, s.items, name, base)];
    default:
      return Object.fromEntries(
        (s.required ?? []).map((k) => [k, sample(doc, s.properties?.[k], k, base)]),
      );
  }
}

function probesOf(doc: OpenApiDocument, base: Record<string, string>): Probe[] {
  const probes: Probe[] = [];
  for (const [route, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const bodySchema = resolve(doc, op.requestBody?.content?.['application/json']?.schema);
      const bodyFields = Object.entries(bodySchema.properties ?? {}).filter(
        ([, s]) => resolve(doc, s).type === 'string',
      );
      const requiredBody = (): Record<string, unknown> =>
        sample(doc, bodySchema, '', base) as Record<string, unknown>;

      const build = (slot: string, name: string): Probe => {
        let path = route;
        for (const p of pathParams) {
          const value =
            slot === `path:${p.name}` ? name : Object.hasOwn(base, p.name) ? base[p.name] : NO_ID;
          path = path.replace(`{${p.name}}`, encodeURIComponent(value));
        }
        const query = new URLSearchParams();
        for (const p of queryParams) {
          if (slot === `query:${p.name}`) query.set(p.name, name);
          else if (p.required) query.set(p.name, String(sample(doc, p.schema, p.name, base)));
        }
        if (slot === 'query-key') query.set(name, '1');
        const qs = query.toString();
        const probe: Probe = {
          method: method.toUpperCase(),
          route,
          slot,
          path: qs ? `${path}?${qs}` : path,
        };
        if (op.requestBody) {
          const body = requiredBody();
          if (slot.startsWith('body:')) body[slot.slice(5)] = name;
          probe.body = body;
        }
        return probe;
      };

      const slots = [
        ...pathParams.map((p) => `path:${p.name}`),
        ...queryParams.map((p) => `query:${p.name}`),
        ...bodyFields.map(([field]) => `body:${field}`),
        // a query parameter named after the member, on reads (writes are covered by their body)
        ...(method === 'get' ? ['query-key'] : []),
      ];
      for (const slot of slots) for (const name of NAMES) probes.push(build(slot, name));
    }
  }
  return probes;
}

/** Runs `work` on every item, `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

describe('(b) every route of the OpenAPI document, every name, every slot', () => {
  it('never answers 5xx, for anonymous callers, learners and admins', async () => {
    const doc = (await (await fetch(`${gatewayUrl}/api/docs-json`)).json()) as OpenApiDocument;
    const open = await openObjective();
    const probes = probesOf(doc, baseValues(open));
    // the sweep covers the whole document: each route with a slot, each name
    const routes = new Set(probes.map((p) => `${p.method} ${p.route}`));
    expect([...routes]).toEqual(
      expect.arrayContaining([
        'GET /api/infiniteqbank/generate-batch',
        'POST /api/infiniteqbank/check',
        'PATCH /api/courses/{courseId}/topics/{topicKey}',
        'GET /api/questions/{qid}',
        'DELETE /api/announcements/{id}',
        'DELETE /api/delete-user',
        'POST /api/sanitize',
      ]),
    );

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const jobs = probes.flatMap((probe) => WHO.map((who) => ({ probe, who })));
    await inParallel(jobs, 6, async ({ probe, who }) => {
      const res = await call(probe.method, probe.path, { who, body: probe.body });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500) {
        failures.push(
          `${who} ${probe.method} ${probe.path} ${probe.body ? JSON.stringify(probe.body) : ''} -> ${res.status} ${JSON.stringify(res.body)}`,
        );
      }
    });
    expect(failures).toEqual([]);
    // the names reached the services: unknown ids answer 404, bad shapes 400
    expect(statuses.get(404) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);

    // nothing was stored under a name (the sweep's bodies never pass the save rules)
    expect(await removeNamedDocuments()).toEqual({ questions: 0, announcements: 0 });
  }, 300_000);

  it('leaves the gateway and every service healthy', async () => {
    for (const path of ['/healthz', '/readyz']) {
      expect((await call('GET', path, { who: 'anonymous' })).status).toBe(200);
    }
    for (const app of ['announcements', 'identity', 'qbank'] as const) {
      const res = await fetch(`${cfg.appUrl(app)}/healthz`);
      expect(res.status).toBe(200);
    }
    const open = await openObjective();
    const batch = await call(
      'GET',
      `/api/infiniteqbank/generate-batch?${new URLSearchParams({ ...open, count: '2' })}`,
      { who: 'learner' },
    );
    expect(batch.status).toBe(200);
    expect(batch.body.questions).toHaveLength(2);
  });
});
