import type { DehydratedState } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { followSystemColorScheme } from './lib/color-scheme';
import './styles/app.css';

followSystemColorScheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

/** The query cache the server rendered the page from (entry-server.tsx), when it did. */
function serverState(): DehydratedState | undefined {
  const element = document.getElementById('d3-ssr');
  if (!element?.textContent || !container?.firstElementChild) return undefined;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return undefined;
  }
}

// No <StrictMode> around it: see app-root.tsx (each query would be sent twice in development).
// In a transition, React builds the page in slices of a few milliseconds, yielding to the browser
// between them: the server's markup is already on screen, so no long task holds the phone's main
// thread while the page becomes interactive (issue 16, total blocking time).
const state = serverState();
if (state) startTransition(() => void hydrateRoot(container, <AppRoot dehydratedState={state} />));
else createRoot(container).render(<AppRoot />);
