import { describe, expect, it } from 'vitest';
import { uploadedImageSrcSet } from './uploaded-image.js';

const ID = '0b6c1f9e-3d2a-4c5b-9e8f-7a6b5c4d3e2f';

describe('an uploaded picture offers each of its sizes (slow data, issue 32)', () => {
  it('lists an offer image’s 480 and 1200 px files and a logo’s 128 and 512 px, narrowest first', () => {
    expect(uploadedImageSrcSet(`/media/images/offer-images/${ID}-lg.webp`)).toBe(
      `/media/images/offer-images/${ID}-sm.webp 480w, /media/images/offer-images/${ID}-lg.webp 1200w`,
    );
    expect(uploadedImageSrcSet(`/media/images/store-logos/${ID}-lg.webp`)).toBe(
      `/media/images/store-logos/${ID}-sm.webp 128w, /media/images/store-logos/${ID}-lg.webp 512w`,
    );
  });

  it('offers nothing for an address that is not an upload of ours', () => {
    for (const url of [
      '/media/generated/cover.svg?label=Spa&hue=20',
      'https://cdn.example.com/a.webp',
      `/media/images/chat/${ID}-lg.webp`,
      `/media/images/offer-images/${ID}-lg.webp?x=1`,
      `https://evil.example/media/images/offer-images/${ID}-lg.webp`,
    ])
      expect(uploadedImageSrcSet(url), url).toBeUndefined();
  });
});
