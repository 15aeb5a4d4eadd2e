// Rule `boundaries/imports`: which workspaces and packages a file may import. Unlike `no-restricted-imports`, it
// resolves relative paths, so `../../mf-trading/src/x` counts as importing mf-trading just as `mf-trading` does.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Workspace package name → folder (`@invest/shared` → `shared`), from the root package.json. */
const WORKSPACES = new Map(
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces.map((dir) => [
    JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')).name,
    dir,
  ]),
);
const WORKSPACE_DIRS = new Set(WORKSPACES.values());

/** `mf-*` → /^mf-.*$/; a pattern also covers its subpaths (`fastify` covers `fastify/types`). */
const toRegExp = (glob) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}(/.*)?$`);

/** The workspace folder a source file or an import lands in, or null outside every workspace. */
function workspaceOfPath(file) {
  const [first] = path.relative(ROOT, file).split(path.sep);
  return WORKSPACE_DIRS.has(first) ? first : null;
}

function workspaceOfSpecifier(specifier) {
  for (const [name, dir] of WORKSPACES) if (specifier === name || specifier.startsWith(`${name}/`)) return dir;
  return null;
}

export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the composition boundaries: which workspaces and packages a file may import' },
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            workspaces: { type: 'array', items: { type: 'string' } },
            packages: { type: 'array', items: { type: 'string' } },
            allow: { type: 'array', items: { type: 'string' } },
            /** Type-only imports pass: they are erased, so no second copy of the package is bundled. */
            typesAllowed: { type: 'boolean' },
            message: { type: 'string' },
          },
          required: ['message'],
          additionalProperties: false,
        },
      },
    ],
    messages: { forbidden: "'{{specifier}}': {{message}}" },
  },
  create(context) {
    const rules = (context.options[0] ?? []).map((r) => ({
      workspaces: (r.workspaces ?? []).map(toRegExp),
      packages: (r.packages ?? []).map(toRegExp),
      allow: new Set(r.allow ?? []),
      typesAllowed: r.typesAllowed ?? false,
      message: r.message,
    }));
    const own = workspaceOfPath(context.filename);

    function check(node, typeOnly = false) {
      if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
      const specifier = node.value;
      const relative = specifier.startsWith('.');
      const target = relative ? workspaceOfPath(path.resolve(path.dirname(context.filename), specifier)) : workspaceOfSpecifier(specifier);
      // A file may always import its own workspace.
      if (target && target === own) return;
      for (const rule of rules) {
        if (rule.allow.has(specifier) || (typeOnly && rule.typesAllowed)) continue;
        const hit = target ? rule.workspaces.some((re) => re.test(target)) : !relative && rule.packages.some((re) => re.test(specifier));
        if (hit) return context.report({ node, messageId: 'forbidden', data: { specifier, message: rule.message } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.importKind === 'type'),
      ExportAllDeclaration: (node) => check(node.source, node.exportKind === 'type'),
      ExportNamedDeclaration: (node) => check(node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.literal ?? node.source, true),
      TSExternalModuleReference: (node) => check(node.expression),
      CallExpression(node) {
        const callee = node.callee;
        const isRequire = callee.type === 'Identifier' && callee.name === 'require';
        const isJestMock = callee.type === 'MemberExpression' && callee.object.name === 'jest' && ['mock', 'requireActual'].includes(callee.property.name);
        if (isRequire || isJestMock) check(node.arguments[0]);
      },
    };
  },
};
