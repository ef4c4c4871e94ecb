// Fails a string or template literal in the web app that is a path of the gateway's API typed by
// hand: anything starting with '/api/', and a route of the OpenAPI document written without its
// '/api' prefix ('/products', `/tests/${id}`). The web app calls the API through the typed client
// (`api.GET('/api/products')`), whose path argument the compiler checks against the generated
// `paths`, and names a path as a value only through `apiPath('/api/...')` (the SSE stream, a
// streamed download); those two places are the only ones a '/api/' literal may stand.
// GETPage: a list's page and its next cursor (ADR 0026), typed like GET
const CLIENT_METHODS = new Set(['GET', 'GETPage', 'POST', 'PUT', 'PATCH', 'DELETE']);
const PATH_FUNCTIONS = new Set(['apiPath']);

/** The literal's text; a template's expressions become '{}' (one path segment). */
function textOf(node) {
  if (node.type === 'Literal') return typeof node.value === 'string' ? node.value : null;
  return node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('{}');
}

/** The literal is the path argument of a typed client call or of apiPath(). */
function isTypedPathArgument(node) {
  const call = node.parent;
  if (!call || call.type !== 'CallExpression' || call.arguments[0] !== node) return false;
  const callee = call.callee;
  if (callee.type === 'Identifier') return PATH_FUNCTIONS.has(callee.name);
  return (
    callee.type === 'MemberExpression' &&
    !callee.computed &&
    callee.property.type === 'Identifier' &&
    CLIENT_METHODS.has(callee.property.name)
  );
}

/** '/api/tests/{testId}' -> /^\/tests\/[^/]+$/ (the route as the app would write it unprefixed). */
function unprefixedPattern(route) {
  const rest = route.replace(/^\/api(?=\/)/, '');
  const source = rest
    .split('/')
    .map((segment) =>
      /^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}

module.exports = {
  meta: {
    type: 'problem',
    docs: {
      description: "no API path typed by hand: call the typed client or use apiPath('/api/...')",
    },
    schema: [
      {
        type: 'object',
        properties: {
          // the document's paths ('/api/products', '/api/tests/{testId}')
          routes: { type: 'array', items: { type: 'string' } },
          // the app's own pages that share a name with an API route ('/gradebook')
          pages: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      apiPrefix:
        "'{{text}}' is an API path typed by hand: call the typed client (api.GET('/api/...')) or name it with apiPath('/api/...').",
      route:
        "'{{text}}' is the API route '{{route}}' typed by hand: call the typed client (api.GET('{{route}}')).",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const pages = new Set(options.pages ?? []);
    const routes = (options.routes ?? []).map((route) => ({
      route,
      pattern: unprefixedPattern(route),
    }));

    function check(node) {
      const text = textOf(node);
      if (!text || !text.startsWith('/')) return;
      if (text === '/api' || text.startsWith('/api/') || text.startsWith('/api?')) {
        if (!isTypedPathArgument(node))
          context.report({ node, messageId: 'apiPrefix', data: { text } });
        return;
      }
      const path = text.split('?')[0];
      if (pages.has(path)) return;
      const hit = routes.find((r) => r.pattern.test(path));
      if (hit) context.report({ node, messageId: 'route', data: { text, route: hit.route } });
    }

    return { Literal: check, TemplateLiteral: check };
  },
};
