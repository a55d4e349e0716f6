import { LocaleProvider, UiStyleProvider } from '@d3/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './app/query-client';
import { router } from './app/router';
import { MERCHANT_UI_STYLE } from './features/accounts/components/form-fields';
import { loadSiteI18n } from './lib/locale';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// The merchant's language and only its catalogue, before the first render (issue 33).
void loadSiteI18n().then((i18n) => {
  createRoot(container).render(
    <StrictMode>
      <LocaleProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <UiStyleProvider style={MERCHANT_UI_STYLE}>
            <RouterProvider router={router} />
          </UiStyleProvider>
        </QueryClientProvider>
      </LocaleProvider>
    </StrictMode>,
  );
});
