import { createOffer } from '@d3/test-support/catalogue-factories';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { ResultOfferCard } from './result-offer-card';

describe('ResultOfferCard', () => {
  it("search result cards show the price, or 'Custom quote' without one (issue 15)", () => {
    const router = createMemoryRouter(
      [
        {
          path: '/search',
          element: (
            <>
              <ResultOfferCard
                offer={createOffer({ original_price: 5000, discounted_price: 3500 })}
                view="grid"
              />
              <ResultOfferCard
                offer={createOffer({ original_price: null, discounted_price: null })}
                view="list"
              />
            </>
          ),
        },
      ],
      { initialEntries: ['/search'] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    expect(screen.getByText('KSh 3,500')).toBeTruthy();
    expect(screen.getByText('KSh 5,000')).toBeTruthy();
    expect(screen.getByText('Custom quote')).toBeTruthy();
  });
});
