import { LegalDocument, type LegalSection } from '../legal-document';

/** The privacy policy's sections (words: locales/static `static.privacy.SECTION.*`). */
export const PRIVACY_SECTIONS: LegalSection[] = [
  { id: 'who-we-are', blocks: ['p'] },
  { id: 'what-we-collect', blocks: [6] },
  { id: 'how-we-use', blocks: [5] },
  { id: 'legal-bases', blocks: ['p'] },
  { id: 'sharing', blocks: [3, 'p'] },
  { id: 'cookies', blocks: ['p'] },
  { id: 'retention', blocks: ['p'] },
  { id: 'your-rights', blocks: ['p', 6, 'p'] },
  { id: 'security', blocks: ['p'] },
  { id: 'children', blocks: ['p'] },
  { id: 'transfers', blocks: ['p'] },
  { id: 'changes', blocks: ['p'] },
];

export function PrivacyPage() {
  return <LegalDocument page="privacy" sections={PRIVACY_SECTIONS} />;
}
