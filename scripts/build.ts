// `npm run build`: a production build of every web app, two at a time on this 2-core machine.
import { buildApps } from './build-missing';
import { WEB_APPS } from '@invest/web';

const t0 = Date.now();
buildApps(WEB_APPS, (m) => console.log(`[build] ${m}`))
  .then(() => console.log(`[build] all apps in ${((Date.now() - t0) / 1000).toFixed(1)} s`))
  .catch((e: Error) => {
    console.error(e.message);
    process.exit(1);
  });
