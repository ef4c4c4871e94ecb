// Local ESLint rules of this workspace.
module.exports = {
  rules: {
    'route-requires-auth-decorator': require('./route-requires-auth-decorator.cjs'),
  },
};
