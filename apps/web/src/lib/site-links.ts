/** Contact details and outside links shown across the site, kept in one place so they are changed once. */

export const SUPPORT_EMAIL = 'support@d3deals.co.ke';
export const CAREERS_EMAIL = 'careers@d3deals.co.ke';
export const SUPPORT_PHONE_DISPLAY = '+254 709 886 000';
export const SUPPORT_PHONE_TEL = '+254709886000';
export const OFFICE_ADDRESS = 'Westlands, Nairobi, Kenya';

/** The merchant site is served by the same server under /merchant/. */
export const MERCHANT_SIGN_UP_URL = '/merchant/sign-up';
export const MERCHANT_SIGN_IN_URL = '/merchant/sign-in';

export const SOCIAL_PROFILES = [
  { platform: 'facebook', label: 'Facebook', href: 'https://facebook.com/d3deals' },
  { platform: 'instagram', label: 'Instagram', href: 'https://instagram.com/d3deals' },
  { platform: 'x', label: 'X (Twitter)', href: 'https://x.com/d3deals' },
  { platform: 'linkedin', label: 'LinkedIn', href: 'https://linkedin.com/company/d3deals' },
  { platform: 'tiktok', label: 'TikTok', href: 'https://tiktok.com/@d3deals' },
] as const;

export type SocialPlatform = (typeof SOCIAL_PROFILES)[number]['platform'];
