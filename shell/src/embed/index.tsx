/**
 * iframe.html: one instrument's live chart for a partner's page or the hybrid app to frame (@invest/web's embed.ts
 * says who may). A plain bundle of its own, apart from the investor app's: no federation, no router, no query client,
 * no session; the app never loads it, and it reads nothing personal.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from '@invest/runtime';
import { addTexts, i18n, stripExchangeSuffix } from '@invest/shared';
import '@invest/shared/styles.css';
import { EmbedChartPage } from './EmbedChart';
import { texts } from './i18n';
import { embedParams } from './params';

async function main(): Promise<void> {
  await addTexts(texts);
  const params = embedParams(window.location.search);
  document.documentElement.lang = i18n.language;
  if (params.symbol) document.title = `${stripExchangeSuffix(params.symbol)} · ${document.title}`;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <EmbedChartPage {...params} />
      </I18nextProvider>
    </StrictMode>,
  );
  document.getElementById('app-loading')?.remove();
}

void main();
