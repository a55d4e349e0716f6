import { Link } from 'react-router';
import { OFFICE_ADDRESS, SUPPORT_EMAIL } from '../../../lib/site-links';
import { LegalDocument, type LegalSection, legalContactSection } from '../legal-document';

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        D3 Deals ({OFFICE_ADDRESS}) is the data controller for the personal data described here. We process it
        in line with the Kenya Data Protection Act, 2019 and its regulations.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> your name, email address, phone number and password (stored only
          as a secure hash). If you sign in with Google, we receive your name, email and Google account
          identifier.
        </li>
        <li>
          <strong>Bookings:</strong> what you booked, where and when, the staff member you chose, and any
          notes you add.
        </li>
        <li>
          <strong>Payments:</strong> the phone number used for M-Pesa, the amount, and the transaction
          reference and status. We never see or store your M-Pesa PIN.
        </li>
        <li>
          <strong>Your activity:</strong> favourites, followed stores, reviews, service requests, quotes and
          chat messages with stores.
        </li>
        <li>
          <strong>Location:</strong> the area you choose, and your device's position only if you choose Use My
          Current Location.
        </li>
        <li>
          <strong>Technical data:</strong> basic logs such as IP address, browser type and error reports, used
          to keep the service secure and working.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use it',
    body: (
      <ul>
        <li>To run your account, make and manage bookings, and process access-fee payments.</li>
        <li>To send one-time codes, booking updates and the notifications you choose.</li>
        <li>To show stores and deals near you and remember your preferences.</li>
        <li>To prevent fraud and abuse and to keep the service secure.</li>
        <li>To send our newsletter, only if you subscribe; you can unsubscribe at any time.</li>
      </ul>
    ),
  },
  {
    id: 'legal-bases',
    title: 'Our legal bases',
    body: (
      <p>
        Under the Kenya Data Protection Act, 2019 we rely on: performing our contract with you (accounts and
        bookings); your consent (newsletter, device location, optional notifications), which you can withdraw
        at any time; compliance with legal obligations (for example, tax and payment records); and our
        legitimate interests in keeping the service safe and improving it.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <ul>
          <li>
            <strong>The store you book or message</strong> receives your name, contact details and booking
            details so it can serve you.
          </li>
          <li>
            <strong>Service providers</strong> that work for us: Safaricom for M-Pesa payments, an SMS
            provider for one-time codes, Google if you use Google sign-in, and our hosting providers.
          </li>
          <li>
            <strong>Authorities</strong> when the law requires it.
          </li>
        </ul>
        <p>We do not sell your personal data.</p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <p>
        We use a sign-in cookie (access_token, valid for up to 30 days) and your browser's local storage to
        keep you signed in and to remember choices such as your location and recent searches. We do not use
        advertising cookies. Clearing your browser's data removes them.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your account data while your account is open. When you delete your account we erase or
        anonymise your personal data, except booking and payment records we must keep for tax and accounting
        purposes, which we keep only as long as the law requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under the Kenya Data Protection Act, 2019 you have the right to:</p>
        <ul>
          <li>be informed of how your data is used;</li>
          <li>access the personal data we hold about you;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your personal data deleted (the right to erasure);</li>
          <li>object to processing, and withdraw consent you have given;</li>
          <li>receive your data in a portable format.</li>
        </ul>
        <p>
          To use any of these rights, email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> from the
          address on your account. We answer within the time the Act allows. If you are not satisfied, you may
          complain to the Office of the Data Protection Commissioner (ODPC).
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect your data with encrypted connections, hashed passwords and access controls, and we limit
        who at D3 Deals can see it. No system is perfectly secure; if a breach affects you, we will notify you
        and the ODPC as the law requires.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        D3 Deals is not for children under 13. We do not knowingly collect personal data from children under
        13. If you believe a child under 13 has given us personal data, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'transfers',
    title: 'Transfers outside Kenya',
    body: (
      <p>
        Some of our service providers may process data outside Kenya. When that happens we make sure
        appropriate safeguards are in place, as the Data Protection Act requires.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We will update the date at the top of this page when this policy changes and tell you about
        significant changes before they take effect.
      </p>
    ),
  },
  legalContactSection('your privacy'),
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal data D3 Deals collects, why, who we share it with and the rights
          you have over it. See also our <Link to="/terms-conditions">Terms &amp; Conditions</Link>.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
