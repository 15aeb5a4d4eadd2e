/**
 * @jest-environment node
 */
import { bumpedBy, isShipped } from '../scripts/check-versions';

it('reads the packages a changeset bumps from its front matter', () => {
  const changeset = '---\n"@invest/shared": minor\n\'@invest/runtime\': patch\n---\n\nuseCall takes a select option.\n';
  expect(bumpedBy(changeset)).toEqual(['@invest/shared', '@invest/runtime']);
  expect(bumpedBy('no front matter: "@invest/shared": major')).toEqual([]);
});

it('counts sources and the manifest as shipped, not tests, docs or the changelog', () => {
  expect(['src/bus.ts', 'package.json', 'src/ui/tokens.css'].every(isShipped)).toBe(true);
  expect(['test/session.test.ts', 'README.md', 'CHANGELOG.md'].some(isShipped)).toBe(false);
});
