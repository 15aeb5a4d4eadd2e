// What the apps use of rxjs, provided to the federation share scope as `rxjs` (see SHARE_FACADES in
// webpack.shared.js). Imported by deep path: importing `rxjs` here would consume this very module.
// test/share-facades.test.ts keeps the list complete.
export { Observable } from 'rxjs/internal/Observable';
export { Subject } from 'rxjs/internal/Subject';
export { filter } from 'rxjs/internal/operators/filter';
