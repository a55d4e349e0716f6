/**
 * Settings the server writes into every page of the customer site
 * (`<script type="application/json" id="d3-config">`, apps/api/src/plugins/static-sites.ts), e.g.
 * the Google client id when GOOGLE_CLIENT_ID is set. Missing or malformed: no settings.
 */
export interface SiteConfig {
  googleClientId?: string;
}

export function readSiteConfig(): SiteConfig {
  const element = typeof document === 'undefined' ? null : document.getElementById('d3-config');
  if (!element?.textContent) return {};
  try {
    const parsed = JSON.parse(element.textContent) as SiteConfig;
    return typeof parsed.googleClientId === 'string' && parsed.googleClientId.trim()
      ? { googleClientId: parsed.googleClientId.trim() }
      : {};
  } catch {
    return {};
  }
}
