import { describe, expect, it } from 'vitest';
import { siteConfigHead } from './home-head.js';

describe('site settings in every page head (issue 15)', () => {
  it('says nothing without GOOGLE_CLIENT_ID', () => {
    expect(siteConfigHead({ googleClientId: undefined })).toBe('');
  });

  it('carries the Google client id as a JSON data block, safe inside <script>', () => {
    const head = siteConfigHead({ googleClientId: '123-abc.apps.googleusercontent.com' });
    expect(head).toBe(
      '<script type="application/json" id="d3-config">{"googleClientId":"123-abc.apps.googleusercontent.com"}</script>',
    );
    expect(siteConfigHead({ googleClientId: '</script><b>' })).not.toContain('</script><b>');
  });
});
