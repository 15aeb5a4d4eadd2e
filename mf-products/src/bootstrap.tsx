// Standalone: `npm run dev -w mf-products` serves this remote alone, against the API.
import { mountStandalone } from '@invest/shared/standalone';
import { App } from './App';
import { texts } from './i18n';

void mountStandalone('mf-products', App, texts);
