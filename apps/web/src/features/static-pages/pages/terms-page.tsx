import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../../lib/site-links';
import { LegalDocument, type LegalSection, legalContactSection } from '../legal-document';

const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <p>
        By creating an account, browsing or booking on D3 Deals you agree to these Terms &amp; Conditions and
        to our <Link to="/privacy-policy">Privacy Policy</Link>. If you do not agree, please do not use the
        service.
      </p>
    ),
  },
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        D3 Deals is an online marketplace operated from Westlands, Nairobi, Kenya. We connect customers with
        stores and service providers ("merchants") that publish discounted offers and bookable services. The
        merchant, not D3 Deals, provides the service you book and is responsible for its quality and safety.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use D3 Deals',
    body: (
      <>
        <p>
          D3 Deals is not intended for children under 13, and children under 13 may not create an account or
          use the service. We do not knowingly collect personal data from children under 13; if we learn that
          we have, we delete it.
        </p>
        <p>
          If you are between 13 and 18, you may use D3 Deals only with the involvement and consent of a parent
          or guardian, who is responsible for any booking you make.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <ul>
        <li>Give accurate details, including a phone number you can verify by one-time code.</li>
        <li>Keep your password private. You are responsible for activity on your account.</li>
        <li>Tell us straight away at {SUPPORT_EMAIL} if you think someone else has used your account.</li>
        <li>We may suspend an account that breaks these terms or is used for fraud.</li>
      </ul>
    ),
  },
  {
    id: 'offers-bookings',
    title: 'Offers and bookings',
    body: (
      <>
        <p>
          Merchants set their offers, prices, availability and conditions. An offer can be booked only while
          it is active and before it expires. A booking reserves a time with the merchant; some merchants
          confirm automatically and others confirm by hand within 24 hours.
        </p>
        <p>
          Please arrive about 10 minutes before your booking. A merchant may refuse a booking that does not
          match the offer's conditions.
        </p>
      </>
    ),
  },
  {
    id: 'fees-payment',
    title: 'Fees and payment',
    body: (
      <ul>
        <li>
          <strong>Offer bookings</strong> carry a small platform access fee, paid to D3 Deals by M-Pesa when
          you book. The fee is shown on the Pay button before you pay.
        </li>
        <li>
          <strong>The discounted price itself</strong> is paid directly to the merchant at the store, not
          through D3 Deals.
        </li>
        <li>
          <strong>Service bookings</strong> have no access fee.
        </li>
        <li>
          While an M-Pesa payment is pending your chosen time is held. If the payment fails or times out, the
          booking is cancelled and the time released.
        </li>
        <li>
          Merchants list their business for free; optional premium features for merchants are paid. Prices are
          in Kenya shillings (KES).
        </li>
      </ul>
    ),
  },
  {
    id: 'cancellations',
    title: 'Cancelling and rescheduling',
    body: (
      <p>
        You can cancel a pending or confirmed booking from My Bookings until 2 hours before it starts, or
        earlier if the service states a longer notice period. You can reschedule until 1 hour before the
        start, subject to availability. What happens to a paid access fee is set out in the next section.
      </p>
    ),
  },
  {
    id: 'access-fee',
    title: 'Access fee when a booking is cancelled',
    body: (
      <ul>
        <li>
          <strong>You cancel in time</strong> (until 2 hours before the start, or the service's longer
          notice): the whole access fee is refunded to the M-Pesa number that paid it.
        </li>
        <li>
          <strong>The store cancels</strong>, or the booking is cancelled for you (for example because the
          store closed its listing): the whole access fee is always refunded.
        </li>
        <li>
          <strong>After the cancellation window</strong> a booking can no longer be cancelled. If you do not
          attend, the access fee is not refunded.
        </li>
        <li>
          <strong>A completed visit</strong>: the access fee was the price of the booking and is kept.
        </li>
        <li>
          An access fee that was never paid (a payment that failed or timed out) costs you nothing. The cancel
          screen tells you what happens before you confirm, and the booking shows it afterwards.
        </li>
      </ul>
    ),
  },
  {
    id: 'service-requests',
    title: 'Service requests and quotes',
    body: (
      <p>
        When you post a service request, merchants may send you quotes. A quote is an offer from that merchant
        alone. Accepting a quote forms an arrangement between you and the merchant and declines the other
        quotes on that request. Accepted quotes cannot be undone on D3 Deals.
      </p>
    ),
  },
  {
    id: 'reviews-content',
    title: 'Reviews, messages and your content',
    body: (
      <>
        <p>
          Reviews must reflect your own genuine experience. You may post one review per store and edit it
          later. Do not post content that is false, abusive, discriminatory, infringes someone else's rights
          or contains personal data of others.
        </p>
        <p>
          You keep ownership of what you post, and you allow D3 Deals to display it on the service. We may
          remove content that breaks these terms.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <ul>
        <li>Do not misuse payments, create fake bookings or abuse referral rewards.</li>
        <li>Do not scrape, overload or try to break into the service.</li>
        <li>Do not use D3 Deals for anything unlawful in Kenya.</li>
      </ul>
    ),
  },
  {
    id: 'merchants',
    title: 'Merchants',
    body: (
      <p>
        Merchants agree to publish accurate offers, honour confirmed bookings at the advertised discounted
        price and keep their business details up to date. Merchants are responsible for the services they
        provide and for any licences those services require.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and liability',
    body: (
      <p>
        We work to keep D3 Deals accurate and available, but we provide it "as is". To the extent the law
        allows, D3 Deals is not liable for the services provided by merchants or for indirect losses. Nothing
        in these terms limits rights you have under the Consumer Protection Act, 2012 or other Kenyan law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. We will change the date at the top of this page and, for significant
        changes, tell you by email or in the app before they take effect.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: <p>These terms are governed by the laws of Kenya, and the courts of Kenya have jurisdiction.</p>,
  },
  legalContactSection('these terms'),
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms & Conditions"
      intro={
        <p>
          These terms explain how D3 Deals works and what we and you can expect from each other. Please read
          them together with our <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
