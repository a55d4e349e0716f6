import { createOffer } from '@d3/test-support/catalogue-factories';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../../test/render';
import { HERO_ROTATION_MS, HeroCarousel } from './hero-carousel';
import { fromTopRated } from './hero-section';

const reviewed = (offer: ReturnType<typeof createOffer>) => ({
  ...offer,
  store: { ...offer.store, rating: 4.6, totalReviews: 27 },
});
const offers = [
  reviewed(
    createOffer({ title: 'Deep Tissue Massage', discount: 70, original_price: 2250, discounted_price: 675 }),
  ),
  reviewed(createOffer({ title: 'Gel Manicure', discount: 60, original_price: 1500, discounted_price: 600 })),
];

function activeTitle(): string | null {
  const active = screen.getAllByTestId('hero-slide').find((slide) => slide.dataset.active === 'true');
  return active?.querySelector('h2')?.textContent ?? null;
}

function renderCarousel() {
  render(
    <MemoryRouter>
      <HeroCarousel offers={offers} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('HeroCarousel', () => {
  it('shows the first offer with its real prices, savings and the seed texts', () => {
    renderCarousel();
    expect(activeTitle()).toBe('Deep Tissue Massage');
    expect(screen.getByText('Enjoy 70% OFF this limited-time deal.')).toBeTruthy();
    expect(screen.getByText('You save KSh 1,575!')).toBeTruthy();
    expect(screen.getAllByText('Verified Deal')).toHaveLength(2);
    expect(screen.getAllByText('Instant Booking')).toHaveLength(2);
    const claim = screen.getAllByRole('link', { name: /Claim Deal Now/ })[0]!;
    expect(claim.getAttribute('href')).toBe(`/offer/${offers[0]!.id}`);
  });

  it('advances to the next offer every 6 s and wraps around', () => {
    renderCarousel();
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS - 1));
    expect(activeTitle()).toBe('Deep Tissue Massage');
    act(() => vi.advanceTimersByTime(1));
    expect(activeTitle()).toBe('Gel Manicure');
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS));
    expect(activeTitle()).toBe('Deep Tissue Massage');
  });

  it('moves with the arrows and the dots', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Next deal' }));
    expect(activeTitle()).toBe('Gel Manicure');
    fireEvent.click(screen.getByRole('button', { name: 'Previous deal' }));
    expect(activeTitle()).toBe('Deep Tissue Massage');
    fireEvent.click(screen.getByRole('button', { name: 'Show deal 2 of 2' }));
    expect(activeTitle()).toBe('Gel Manicure');
    expect(screen.getByRole('button', { name: 'Show deal 2 of 2' }).getAttribute('aria-current')).toBe(
      'true',
    );
  });

  it('pauses while the pointer is over it', () => {
    renderCarousel();
    fireEvent.pointerEnter(screen.getByTestId('hero-carousel'));
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS * 2));
    expect(activeTitle()).toBe('Deep Tissue Massage');
    fireEvent.pointerLeave(screen.getByTestId('hero-carousel'));
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS));
    expect(activeTitle()).toBe('Gel Manicure');
  });

  it('does not rotate for visitors who prefer reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderCarousel();
    act(() => vi.advanceTimersByTime(HERO_ROTATION_MS * 3));
    expect(activeTitle()).toBe('Deep Tissue Massage');
  });

  it("claims 'Verified Deal' only for a store customers have reviewed (issue 15)", () => {
    render(
      <MemoryRouter>
        <HeroCarousel offers={[offers[0]!, createOffer({ title: 'Brand new store deal', discount: 50 })]} />
      </MemoryRouter>,
    );
    expect(screen.getAllByText('Verified Deal')).toHaveLength(1);
  });

  it("the banner's 'from top-rated providers' needs every shown store reviewed at 4.0 or more", () => {
    expect(fromTopRated(offers)).toBe(true);
    expect(fromTopRated([offers[0]!, createOffer()])).toBe(false);
    expect(fromTopRated([{ ...offers[0]!, store: { ...offers[0]!.store, rating: 3.8 } }])).toBe(false);
    expect(fromTopRated([])).toBe(false);
  });
});
