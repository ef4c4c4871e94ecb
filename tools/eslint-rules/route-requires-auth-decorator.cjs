// Fails any gateway route handler (@Get, @Post, ... @Sse) that carries no explicit auth
// decorator (@Public, @Authenticated, @AdminOnly, @InstructorOnly) on itself or on its controller class.
// Least privilege has to be a visible decision on every route.
const ROUTE = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'Options', 'Head', 'All', 'Sse']);
const AUTH = new Set(['Public', 'Authenticated', 'AdminOnly', 'InstructorOnly', 'OptionalAuth']);

function decoratorName(d) {
  const e = d.expression;
  if (e.type === 'CallExpression' && e.callee.type === 'Identifier') return e.callee.name;
  if (e.type === 'Identifier') return e.name;
  return null;
}

module.exports = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'every HTTP route must carry @Public(), @OptionalAuth(), @Authenticated(), @AdminOnly() or @InstructorOnly()',
    },
    schema: [],
    messages: {
      missing:
        "Route '{{name}}' has no auth decorator: add @Public(), @OptionalAuth(), @Authenticated(), @AdminOnly() or @InstructorOnly() to it or to its controller.",
    },
  },
  create(context) {
    return {
      MethodDefinition(node) {
        const decorators = node.decorators || [];
        const names = decorators.map(decoratorName);
        if (!names.some((n) => ROUTE.has(n))) return;
        if (names.some((n) => AUTH.has(n))) return;
        const cls = node.parent && node.parent.parent;
        const classNames = ((cls && cls.decorators) || []).map(decoratorName);
        if (classNames.some((n) => AUTH.has(n))) return;
        context.report({
          node: node.key,
          messageId: 'missing',
          data: { name: node.key.name || '?' },
        });
      },
    };
  },
};
