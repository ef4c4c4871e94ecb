import type { ApiResponseSchemaHost } from '@nestjs/swagger';
import { DASHBOARDS, VIEW_MODES } from '@examprep/contracts';

type SchemaObject = ApiResponseSchemaHost['schema'];

/**
 * Response bodies documented as JSON schemas where no response DTO class exists (the shapes
 * are the interfaces of @examprep/contracts; a schema here follows its interface field by
 * field). Used as `@ApiOkResponse({ schema: ... })`.
 */
const purchases: SchemaObject = {
  type: 'object',
  description: 'Product key to owned.',
  additionalProperties: { type: 'boolean' },
};

/** GET /api/me (contracts `Me`): the session state of learner spec §3. */
export const ME_SCHEMA: SchemaObject = {
  type: 'object',
  required: [
    'uid',
    'email',
    'isAdmin',
    'emailVerified',
    'defaultDashboard',
    'purchases',
    'hasDocument',
  ],
  properties: {
    uid: { type: 'string' },
    email: { type: 'string' },
    isAdmin: { type: 'boolean' },
    emailVerified: { type: 'boolean' },
    defaultDashboard: { type: 'string', enum: [...DASHBOARDS] },
    purchases,
    hasDocument: { type: 'boolean' },
  },
};

/** POST /api/create-user (contracts `UserDocument`). */
export const USER_DOCUMENT_SCHEMA: SchemaObject = {
  type: 'object',
  required: [
    'uid',
    'email',
    'purchases',
    'defaultDashboard',
    'infiniteQbankGenerations',
    'createdAt',
  ],
  properties: {
    uid: { type: 'string' },
    email: { type: 'string' },
    purchases,
    defaultDashboard: { type: 'string', enum: [...DASHBOARDS] },
    infiniteQbankGenerations: { type: 'integer', minimum: 0 },
    createdAt: { type: 'string', format: 'date-time' },
  },
};

/** GET /api/me/events: one Server-Sent Event (`me` with ME_SCHEMA as JSON data, `ping` with {}). */
export const EVENT_STREAM_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['data'],
  properties: {
    event: { type: 'string', enum: ['me', 'ping'] },
    id: { type: 'string' },
    data: { type: 'string', description: 'JSON: the session state (me) or {} (ping).' },
  },
};

/** GET/POST /api/infiniteqbank/admin/(set-)view-mode. */
export const VIEW_MODE_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['mode'],
  properties: { mode: { type: 'string', enum: [...VIEW_MODES] } },
};

/** POST /api/verify-staging-access. */
export const STAGING_ACCESS_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['authorized'],
  properties: { authorized: { type: 'boolean', enum: [true] } },
};
