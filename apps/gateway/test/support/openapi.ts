// The gateway's own OpenAPI document (GET /api/docs-json) as the list of routes that the
// class-wide request tests walk: every route, so a new one is covered without being named.

export interface Schema {
  type?: string;
  enum?: unknown[];
  items?: Schema;
  $ref?: string;
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  minimum?: number;
}
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Route {
  method: string;
  path: string;
}

/** Valid path parameters, so that the body or the query (not the path) is what gets answered. */
export const SAMPLE_PATH_PARAMS: Readonly<Record<string, string>> = {
  id: '0123456789abcdef01234567',
  qid: 'AB12',
  courseId: 'teas_math',
  topicKey: 'teas_percents',
  // a well-formed local checkout session id that no order has
  sessionId: 'cs_test_local_0000000000000000',
};

/** The routes with a request body, and those with query parameters (with their names). */
export function routesOf(doc: OpenApiDocument): {
  bodyRoutes: Route[];
  queryRoutes: (Route & { params: string[] })[];
} {
  const bodyRoutes: Route[] = [];
  const queryRoutes: (Route & { params: string[] })[] = [];
  for (const [template, ops] of Object.entries(doc.paths)) {
    const path = template.replace(
      /\{(\w+)\}/g,
      (_, name: string) =>
        (Object.hasOwn(SAMPLE_PATH_PARAMS, name) && SAMPLE_PATH_PARAMS[name]) || 'x',
    );
    for (const [method, op] of Object.entries(ops)) {
      const route = { method: method.toUpperCase(), path };
      if (op.requestBody) bodyRoutes.push(route);
      const params = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      if (params.length > 0) queryRoutes.push({ ...route, params });
    }
  }
  return { bodyRoutes, queryRoutes };
}
