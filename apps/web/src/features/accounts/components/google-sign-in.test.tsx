import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { GIS_SCRIPT_SRC } from './google-identity-button';
import { GoogleSignInButton } from './google-sign-in';

function renderButton() {
  const router = createMemoryRouter(
    [{ path: '/', element: <GoogleSignInButton redirectTo="/booking/offer/o1" /> }],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The server's site config as the page carries it (`<script type="application/json" id="d3-config">`). */
function serveSiteConfig(config: { googleClientId: string }) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'd3-config';
  element.textContent = JSON.stringify(config);
  document.head.append(element);
}

const gisScripts = () => document.querySelectorAll(`script[src="${GIS_SCRIPT_SRC}"]`);

afterEach(() => {
  cleanup();
  document.getElementById('d3-config')?.remove();
  for (const script of gisScripts()) script.remove();
});

describe('Google sign-in button (issue 15)', () => {
  it('without a Google client id: the development simulator button, and the GIS script is never loaded', () => {
    renderButton();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.queryByTestId('google-identity-button')).toBeNull();
    expect(gisScripts()).toHaveLength(0);
  });

  it("with the server's client id: Google's own button box, the GIS script loaded once, no simulator", () => {
    serveSiteConfig({ googleClientId: '123-abc.apps.googleusercontent.com' });
    renderButton();
    expect(screen.getByTestId('google-identity-button')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(gisScripts()).toHaveLength(1);
  });

  it('a blank client id counts as none', () => {
    serveSiteConfig({ googleClientId: '  ' });
    renderButton();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(gisScripts()).toHaveLength(0);
  });
});
