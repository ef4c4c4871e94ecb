import type { ApiResponseSchemaHost } from '@nestjs/swagger';
import { DASHBOARDS } from '@examprep/contracts';

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

/** GET /api/me/events: one Server-Sent Event (`me` with the GET /api/me body as JSON data, `ping` with {}). */
export const EVENT_STREAM_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['data'],
  properties: {
    event: { type: 'string', enum: ['me', 'ping'] },
    id: { type: 'string' },
    data: { type: 'string', description: 'JSON: the session state (me) or {} (ping).' },
  },
};
