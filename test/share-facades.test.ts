/**
 * @jest-environment node
 *
 * react-router-dom and rxjs are shared as facades that re-export only what the apps use (SHARE_FACADES in
 * webpack.shared.js). Every name any app imports from those packages must be in its facade, or that app would get
 * `undefined` in the browser while its tests, which import the real package, pass.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { apps } from '../apps.json';

const ROOT = path.resolve(__dirname, '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS webpack factory
const { SHARE_FACADES } = require('../webpack.shared.js') as { SHARE_FACADES: Record<string, string> };

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const parse = (file: string) => ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);

/** Value names imported from `pkg` across the apps' and the shared package's sources (type-only imports are erased). */
function importedNames(pkg: string): Map<string, string> {
  const names = new Map<string, string>();
  // A standalone app (the operators' console) is no part of the share scope: it bundles the package itself.
  const dirs = ['shared/src', ...apps.filter((a) => !('standalone' in a)).map((a) => `${a.dir}/src`)];
  for (const file of dirs.flatMap((d) => sourceFiles(path.join(ROOT, d)))) {
    for (const stmt of parse(file).statements) {
      if (!ts.isImportDeclaration(stmt) || (stmt.moduleSpecifier as ts.StringLiteral).text !== pkg) continue;
      const clause = stmt.importClause;
      if (!clause || clause.isTypeOnly) continue;
      if (clause.name || (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings))) {
        names.set('*', path.relative(ROOT, file));
        continue;
      }
      for (const el of (clause.namedBindings as ts.NamedImports | undefined)?.elements ?? []) {
        if (!el.isTypeOnly) names.set((el.propertyName ?? el.name).text, path.relative(ROOT, file));
      }
    }
  }
  return names;
}

function exportedNames(file: string): Set<string> {
  const names = new Set<string>();
  for (const stmt of parse(file).statements) {
    if (ts.isExportDeclaration(stmt) && stmt.exportClause && ts.isNamedExports(stmt.exportClause)) {
      stmt.exportClause.elements.forEach((el) => names.add(el.name.text));
    }
  }
  return names;
}

describe.each(Object.entries(SHARE_FACADES))('the %s facade', (pkg, facade) => {
  it('exports every name the apps import from the package', () => {
    const exported = exportedNames(facade);
    const imported = importedNames(pkg);
    expect(imported.size).toBeGreaterThan(0);
    const missing = [...imported].filter(([name]) => !exported.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });
});
