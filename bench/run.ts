/**
 * `npm run bench`: the performance harness. Today it runs the API load benchmark (bench/api.ts); it is a
 * measurement to read, not a test, so it exits 0 even when a figure misses its target.
 */
import { runApiBench } from './api';

runApiBench().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
