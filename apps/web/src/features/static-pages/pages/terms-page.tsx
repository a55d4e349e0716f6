import { LegalDocument, type LegalSection } from '../legal-document';

/** The terms' sections (words: locales/static `static.terms.SECTION.*`); `#access-fee` is linked from the cancel dialog. */
export const TERMS_SECTIONS: LegalSection[] = [
  { id: 'acceptance', blocks: ['p'] },
  { id: 'who-we-are', blocks: ['p'] },
  { id: 'eligibility', blocks: ['p', 'p'] },
  { id: 'account', blocks: [4] },
  { id: 'offers-bookings', blocks: ['p', 'p'] },
  { id: 'fees-payment', blocks: [5] },
  { id: 'cancellations', blocks: ['p'] },
  { id: 'access-fee', blocks: [5] },
  { id: 'service-requests', blocks: ['p'] },
  { id: 'reviews-content', blocks: ['p', 'p'] },
  { id: 'acceptable-use', blocks: [3] },
  { id: 'merchants', blocks: ['p'] },
  { id: 'liability', blocks: ['p'] },
  { id: 'changes', blocks: ['p'] },
  { id: 'law', blocks: ['p'] },
];

export function TermsPage() {
  return <LegalDocument page="terms" sections={TERMS_SECTIONS} />;
}
