/**
 * Generates the JSON schema of every gateway route's success body from the TypeScript return
 * type of its controller method (the @examprep/contracts interfaces), so the OpenAPI document
 * describes every 2xx body without a second, hand-written copy of each shape. Dev-time only
 * (uses the TypeScript compiler): response-schemas.spec.ts regenerates and compares with
 * response-schemas.generated.ts, and writes it with UPDATE_RESPONSE_SCHEMAS=1.
 */
import path from 'node:path';
import ts from 'typescript';

export type JsonSchema = Record<string, unknown>;

const HTTP = ['Get', 'Post', 'Put', 'Patch', 'Delete', 'Sse'] as const;

function literalArg(d: ts.Decorator): string {
  const call = d.expression as ts.CallExpression;
  const a = call.arguments[0];
  if (!a) return '';
  if (ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a)) return a.text;
  throw new Error(`a route path that is not a string literal: ${a.getText()}`);
}

function decoratorName(d: ts.Decorator): string {
  const e = d.expression;
  return ts.isCallExpression(e) && ts.isIdentifier(e.expression) ? e.expression.text : '';
}

function joinPath(...parts: string[]): string {
  const p = parts
    .flatMap((x) => x.split('/'))
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s))
    .join('/');
  return `/${p}`;
}

class SchemaWriter {
  constructor(private readonly checker: ts.TypeChecker) {}

  write(type: ts.Type, seen: Set<ts.Type> = new Set()): JsonSchema {
    const c = this.checker;
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (f & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (f & ts.TypeFlags.BooleanLiteral)
      return { type: 'boolean', enum: [c.typeToString(type) === 'true'] };
    if (f & ts.TypeFlags.StringLiteral)
      return { type: 'string', enum: [(type as ts.StringLiteralType).value] };
    if (f & ts.TypeFlags.NumberLiteral)
      return { type: 'number', enum: [(type as ts.NumberLiteralType).value] };
    if (f & ts.TypeFlags.String) return { type: 'string' };
    if (f & ts.TypeFlags.Number) return { type: 'number' };
    if (f & ts.TypeFlags.Null) return { nullable: true };
    if (type.isUnion()) return this.union(type, seen);
    if (c.isArrayType(type) || c.isTupleType(type)) {
      const args = c.getTypeArguments(type as ts.TypeReference);
      const items = c.isTupleType(type) ? args.map((t) => this.write(t, seen)) : [];
      return {
        type: 'array',
        items: c.isArrayType(type)
          ? this.write(args[0], seen)
          : items.length === 1
            ? items[0]
            : { anyOf: items },
      };
    }
    // `A[] & B[]` (a property narrowed by an intersection, e.g. TestExport's questions) is an
    // array whose items are both: without this it would be walked as an object (length, methods)
    if (type.isIntersection() && type.types.every((t) => c.isArrayType(t))) {
      const items = type.types.map((t) =>
        this.write(c.getTypeArguments(t as ts.TypeReference)[0], seen),
      );
      return { type: 'array', items: items.length === 1 ? items[0] : { allOf: items } };
    }
    if (f & ts.TypeFlags.Object || type.isIntersection()) {
      const name = type.getSymbol()?.getName();
      if (name === 'Date') return { type: 'string', format: 'date-time' };
      if (seen.has(type)) return { type: 'object' };
      const inner = new Set(seen).add(type);
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const p of c.getPropertiesOfType(type)) {
        const decl = p.valueDeclaration ?? p.declarations?.[0];
        const pt = decl ? c.getTypeOfSymbolAtLocation(p, decl) : c.getTypeOfSymbol(p);
        if (pt.getCallSignatures().length > 0) continue;
        const optional = (p.flags & ts.SymbolFlags.Optional) !== 0;
        properties[p.getName()] = this.write(c.getNonNullableType(pt) === pt ? pt : pt, inner);
        if (!optional) required.push(p.getName());
      }
      const out: JsonSchema = { type: 'object' };
      if (Object.keys(properties).length > 0) out.properties = properties;
      if (required.length > 0) out.required = required;
      const index = c.getIndexInfosOfType(type)[0];
      if (index) out.additionalProperties = this.write(index.type, inner);
      return out;
    }
    throw new Error(`no JSON schema for the type ${c.typeToString(type)}`);
  }

  private union(type: ts.UnionType, seen: Set<ts.Type>): JsonSchema {
    const c = this.checker;
    let parts = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const nullable = parts.some((t) => t.flags & ts.TypeFlags.Null);
    parts = parts.filter((t) => !(t.flags & ts.TypeFlags.Null));
    // boolean is true | false to the checker
    const bools = parts.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    if (bools.length === 2)
      parts = [...parts.filter((t) => !bools.includes(t)), c.getBooleanType()];
    let out: JsonSchema;
    if (parts.length > 0 && parts.every((t) => t.flags & ts.TypeFlags.StringLiteral))
      out = { type: 'string', enum: parts.map((t) => (t as ts.StringLiteralType).value) };
    else if (parts.length > 0 && parts.every((t) => t.flags & ts.TypeFlags.NumberLiteral))
      out = { type: 'number', enum: parts.map((t) => (t as ts.NumberLiteralType).value) };
    else if (parts.length === 1) out = this.write(parts[0], seen);
    else out = { anyOf: parts.map((t) => this.write(t, seen)) };
    return nullable ? { ...out, nullable: true } : out;
  }
}

/**
 * `METHOD /api/path` -> the JSON schema of the success body, for every route of the gateway's
 * controllers whose method returns a body (not void, not a stream).
 */
export function generateResponseSchemas(
  gatewaySrc: string = path.resolve(__dirname, '..'),
): Record<string, JsonSchema> {
  const configFile = ts.findConfigFile(gatewaySrc, ts.sys.fileExists, 'tsconfig.json');
  if (!configFile) throw new Error('no tsconfig.json for the gateway');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('cannot read the gateway tsconfig');
  const files = parsed.fileNames.filter((f) => f.endsWith('.controller.ts'));
  const program = ts.createProgram(files, parsed.options);
  const checker = program.getTypeChecker();
  const writer = new SchemaWriter(checker);
  const out: Record<string, JsonSchema> = {};
  for (const file of files) {
    const sf = program.getSourceFile(file);
    if (!sf) continue;
    for (const cls of sf.statements.filter(ts.isClassDeclaration)) {
      const decorators = ts.getDecorators(cls) ?? [];
      const ctrl = decorators.find((d) => decoratorName(d) === 'Controller');
      if (!ctrl || decorators.some((d) => decoratorName(d) === 'ApiExcludeController')) continue;
      const prefix = literalArg(ctrl);
      for (const m of cls.members.filter(ts.isMethodDeclaration)) {
        const md = ts.getDecorators(m) ?? [];
        const route = md.find((d) => (HTTP as readonly string[]).includes(decoratorName(d)));
        if (!route || decoratorName(route) === 'Sse') continue;
        const sig = checker.getSignatureFromDeclaration(m);
        if (!sig) continue;
        let ret = checker.getReturnTypeOfSignature(sig);
        const awaited = checker.getAwaitedType(ret);
        if (awaited) ret = awaited;
        if (ret.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined)) continue;
        // a body the method writes to the reply as a stream: its declared shape (pages.ts)
        if (ret.getSymbol()?.getName() === 'StreamedJson') {
          const [body] = checker.getTypeArguments(ret as ts.TypeReference);
          if (!body) continue;
          ret = body;
        }
        const method = decoratorName(route).toUpperCase();
        out[`${method} ${joinPath('api', prefix, literalArg(route))}`] = writer.write(ret);
      }
    }
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}
