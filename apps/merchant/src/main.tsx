import { UiStyleProvider } from '@d3/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './app/query-client';
import { router } from './app/router';
import { MERCHANT_UI_STYLE } from './features/accounts/components/form-fields';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <UiStyleProvider style={MERCHANT_UI_STYLE}>
        <RouterProvider router={router} />
      </UiStyleProvider>
    </QueryClientProvider>
  </StrictMode>,
);
