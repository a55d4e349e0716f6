import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EntityImage } from './entity-image';

afterEach(cleanup);

const ID = '0b6c1f9e-3d2a-4c5b-9e8f-7a6b5c4d3e2f';

describe('EntityImage', () => {
  it('offers an uploaded logo in each of its sizes, for the width it is drawn at', () => {
    render(<EntityImage src={`/media/images/store-logos/${ID}-lg.webp`} name="Savannah Glow Spa" />);
    const image = screen.getByRole('img', { name: 'Savannah Glow Spa' });
    expect(image.getAttribute('src')).toBe(`/media/images/store-logos/${ID}-lg.webp`);
    expect(image.getAttribute('srcset')).toBe(
      `/media/images/store-logos/${ID}-sm.webp 128w, /media/images/store-logos/${ID}-lg.webp 512w`,
    );
    expect(image.getAttribute('sizes')).toBe('auto, 100vw');
    expect(image.getAttribute('loading')).toBe('lazy');
  });

  it('draws any other picture as it is, and the initials when there is none', () => {
    const { unmount } = render(
      <EntityImage
        src="/media/generated/cover.svg?label=Glow%20Facial&hue=20"
        name="Glow Facial"
        decorative
      />,
    );
    const image = document.querySelector('img');
    expect(image?.getAttribute('srcset')).toBeNull();
    expect(image?.getAttribute('sizes')).toBeNull();
    expect(image?.getAttribute('alt')).toBe('');
    unmount();

    render(<EntityImage src={null} name="Savannah Glow Spa" />);
    expect(screen.getByRole('img', { name: 'Savannah Glow Spa' }).textContent).toBe('SG');
  });
});
