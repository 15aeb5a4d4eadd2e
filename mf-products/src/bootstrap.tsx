// Standalone: `npm run dev -w mf-products` serves this remote alone, against the API.
import { mountStandalone } from '@invest/shared/standalone';
import { App } from './App';

void mountStandalone('mf-products', App);
