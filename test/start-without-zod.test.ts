/**
 * @jest-environment node
 *
 * A page's start does not load zod or the contract's schemas (issue 9: ~24 KB brotli and ~0.3 s of a slow phone's
 * CPU): @invest/shared and the shell's start reach them only through a dynamic import of @invest/shared/forms. This
 * follows the static imports (type-only ones are erased) and names the chain that would break it.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');
const SCHEMA_SPECIFIERS = ['zod', '@invest/shared/forms', '@invest/shared/contract'];

function resolveRelative(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec);
  const hit = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
  if (!hit) throw new Error(`cannot resolve ${spec} from ${from}`);
  return hit;
}

/** The value imports and re-exports of a file (a whole `import type`/`export type` is erased, as are all-type lists). */
function staticImports(file: string): string[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specs: string[] = [];
  for (const s of sf.statements) {
    if (ts.isImportDeclaration(s)) {
      const c = s.importClause;
      const allTypes = c && (c.isTypeOnly || (!c.name && c.namedBindings && ts.isNamedImports(c.namedBindings) && c.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!allTypes) specs.push((s.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(s) && s.moduleSpecifier && !s.isTypeOnly) {
      const named = s.exportClause && ts.isNamedExports(s.exportClause) ? s.exportClause.elements : null;
      if (!named || !named.every((e) => e.isTypeOnly)) specs.push((s.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specs;
}

/** The first chain of static imports from `entry` that reaches a schema specifier, or null. */
function chainToSchemas(entry: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    for (const spec of staticImports(file)) {
      const here = [...chain, path.relative(ROOT, file)];
      if (SCHEMA_SPECIFIERS.includes(spec)) return [...here, spec];
      if (!spec.startsWith('.')) continue;
      const found = walk(resolveRelative(file, spec), here);
      if (found) return found;
    }
    return null;
  };
  return walk(entry, []);
}

it.each(['shared/src/index.ts', 'shell/src/bootstrap.tsx'])('%s reaches no zod and no schemas by static imports', (entry) => {
  expect(chainToSchemas(path.join(ROOT, entry))).toBeNull();
});

it('the check sees a schema import (the form rules reach zod)', () => {
  expect(chainToSchemas(path.join(ROOT, 'shared/src/forms.ts'))).toEqual(['shared/src/forms.ts', 'shared/src/contract/index.ts', 'shared/src/contract/envelope.ts', 'shared/src/contract/zod-config.ts', 'zod']);
});
