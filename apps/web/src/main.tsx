import { pageAddress } from '@d3/shared/site/page-address';
import type { DehydratedState } from '@tanstack/react-query';
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

/** Lets the browser paint and answer a tap before the next step of start-up (each is its own task). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// No <StrictMode> around it: see app-root.tsx (each query would be sent twice in development).
// In a transition, React builds the page in slices of a few milliseconds, yielding to the browser
// between them: the server's markup is already on screen, so no long task holds the phone's main
// thread while the page becomes interactive (issue 16, total blocking time). The router and the
// query cache it starts from are made first, each in a task of its own, for the same reason: inside
// the first slice they were one long task.
async function start(root: HTMLElement): Promise<{ unmount(): void }> {
  const state = serverState();
  // React and the app are evaluated in tasks of their own: as static imports, evaluating the whole
  // module graph was one long task before anything else could run.
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const [
    { startTransition },
    { AppRoot },
    { clientFrom },
    { createAppRouter },
    { isPseudoLocale, loadSiteI18n },
  ] = await Promise.all([
    import('react'),
    import('./app/app-root'),
    import('./app/providers'),
    import('./app/router'),
    import('./lib/locale'),
  ]);
  // The page's language and only its catalogue, before the first render (the server rendered in it).
  await loadSiteI18n();
  // The pseudo-locale run (issue 33) draws the page anew: the server rendered it in a real language.
  if (!state || isPseudoLocale()) {
    const created = createRoot(root);
    created.render(<AppRoot dehydratedState={state} />);
    return created;
  }
  // The server drew the page at its address without the parameters no page reads (decision 0817):
  // the router starts there too, so the page it hydrates is the one drawn.
  const drawnAt = pageAddress(`${location.pathname}${location.search}`);
  if (drawnAt !== `${location.pathname}${location.search}`)
    history.replaceState(history.state, '', `${drawnAt}${location.hash}`);
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  const client = clientFrom(state);
  await nextTask();
  let hydrated: { unmount(): void } | undefined;
  startTransition(() => {
    hydrated = hydrateRoot(root, <AppRoot router={router} client={client} />);
  });
  return { unmount: () => hydrated?.unmount() };
}

/** The running page: a test unmounts it before its window goes away (app-root.test.tsx). */
export const started = start(container);
