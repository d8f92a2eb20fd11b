import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The shared schema modules: declarations of zod schemas, constants and pure helpers only. */
const SCHEMA_MODULE = /[\\/]shared[\\/]schemas[\\/][^\\/]+\.ts$/;

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** Functions are not run when the module is: the calls in their bodies keep their own meaning. */
const FUNCTION = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);

/** Each call and `new` that building `node` runs, outermost first (the start of each). */
function callsIn(node: AstNode, found: number[]): number[] {
  if (FUNCTION.has(node.type)) {
    return found;
  }
  if (node.type === 'CallExpression' || node.type === 'NewExpression') {
    found.push(node.start);
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') {
      continue;
    }
    for (const child of Array.isArray(value) ? value : [value]) {
      if (isNode(child)) {
        callsIn(child, found);
      }
    }
  }
  return found;
}

/**
 * Marks the calls that build a shared schema module's top-level constants as pure, so the web
 * build leaves out every schema nothing in the page uses.
 *
 * A web module often takes one constant or helper from a schema module (`POSITION_STATUSES`,
 * `longDate`), and the bundler then kept every schema of that module, because a call such as
 * `z.object({...})` might have side effects for all it knows: the staff app's shared chunk built
 * schemas from about 1,900 zod calls as any grid screen opened, most of them request and response shapes only
 * the server parses with. Marked `/* @__PURE__ *\/`, a constant nothing reads is dropped with the
 * schemas it alone builds. Only top-level `const` initialisers are marked (the module's own
 * statements and the bodies of its functions are left as they are: a refinement's `ctx.addIssue`
 * is a call whose result nobody reads); `test/pure-schemas.test.ts` holds that these
 * modules have no other top-level statements that run code.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'budget-pure-schemas',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!SCHEMA_MODULE.test(id)) {
        return null;
      }
      // As TypeScript: in Vite the code has been stripped of its types by now, in rolldown alone not yet.
      const program = this.parse(code, { lang: 'ts' }) as unknown as { body: AstNode[] };
      const out = new MagicString(code);
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') {
          continue;
        }
        for (const declarator of declaration.declarations as AstNode[]) {
          if (isNode(declarator.init)) {
            for (const start of new Set(callsIn(declarator.init, []))) {
              out.appendLeft(start, '/* @__PURE__ */ ');
            }
          }
        }
      }
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}
