import type { ReactNode, SVGProps } from 'react';
import type { SocialPlatform } from '../lib/site-links';

// Brand marks from Simple Icons (CC0). lucide-react 1.x ships no brand icons.
const PATHS: Record<SocialPlatform, { viewBox: string; d: string }> = {
  facebook: {
    viewBox: '0 0 24 24',
    d: 'M23.9981 11.9991C23.9981 5.37216 18.626 0 11.9991 0C5.37216 0 0 5.37216 0 11.9991C0 17.9882 4.38789 22.9522 10.1242 23.8524V15.4676H7.07758V11.9991H10.1242V9.35553C10.1242 6.34826 11.9156 4.68714 14.6564 4.68714C15.9692 4.68714 17.3424 4.92149 17.3424 4.92149V7.87439H15.8294C14.3388 7.87439 13.8739 8.79933 13.8739 9.74824V11.9991H17.2018L16.6698 15.4676H13.8739V23.8524C19.6103 22.9522 23.9981 17.9882 23.9981 11.9991Z',
  },
  instagram: {
    viewBox: '0 0 16 16',
    d: 'M8 0C5.827 0 5.555.01 4.702.048 3.85.088 3.27.222 2.76.42c-.526.204-.973.478-1.417.923-.445.444-.72.89-.923 1.417-.198.51-.333 1.09-.372 1.942C.008 5.555 0 5.827 0 8s.01 2.445.048 3.298c.04.852.174 1.433.372 1.942.204.526.478.973.923 1.417.444.445.89.72 1.417.923.51.198 1.09.333 1.942.372.853.04 1.125.048 3.298.048s2.445-.01 3.298-.048c.852-.04 1.433-.174 1.942-.372.526-.204.973-.478 1.417-.923.445-.444.72-.89.923-1.417.198-.51.333-1.09.372-1.942.04-.853.048-1.125.048-3.298s-.01-2.445-.048-3.298c-.04-.852-.174-1.433-.372-1.942-.204-.526-.478-.973-.923-1.417-.444-.445-.89-.72-1.417-.923-.51-.198-1.09-.333-1.942-.372C10.445.008 10.173 0 8 0zm0 1.44c2.136 0 2.39.01 3.233.048.78.036 1.203.166 1.485.276.374.145.64.318.92.598.28.28.453.546.598.92.11.282.24.705.276 1.485.038.844.047 1.097.047 3.233s-.01 2.39-.05 3.233c-.04.78-.17 1.203-.28 1.485-.15.374-.32.64-.6.92-.28.28-.55.453-.92.598-.28.11-.71.24-1.49.276-.85.038-1.1.047-3.24.047s-2.39-.01-3.24-.05c-.78-.04-1.21-.17-1.49-.28-.38-.15-.64-.32-.92-.6-.28-.28-.46-.55-.6-.92-.11-.28-.24-.71-.28-1.49-.03-.84-.04-1.1-.04-3.23s.01-2.39.04-3.24c.04-.78.17-1.21.28-1.49.14-.38.32-.64.6-.92.28-.28.54-.46.92-.6.28-.11.7-.24 1.48-.28.85-.03 1.1-.04 3.24-.04zm0 2.452c-2.27 0-4.108 1.84-4.108 4.108 0 2.27 1.84 4.108 4.108 4.108 2.27 0 4.108-1.84 4.108-4.108 0-2.27-1.84-4.108-4.108-4.108zm0 6.775c-1.473 0-2.667-1.194-2.667-2.667 0-1.473 1.194-2.667 2.667-2.667 1.473 0 2.667 1.194 2.667 2.667 0 1.473-1.194 2.667-2.667 2.667zm5.23-6.937c0 .53-.43.96-.96.96s-.96-.43-.96-.96.43-.96.96-.96.96.43.96.96z',
  },
  x: {
    viewBox: '0 0 24 24',
    d: 'M18.9 0h3.7l-8 10.2L24 24h-7.4l-5.8-8.4L4.2 24H.5l8.6-10.9L0 0h7.6l5.2 7.7L18.9 0zm-1.3 21.6h2L6.5 2.3H4.3l13.3 19.3z',
  },
  linkedin: {
    viewBox: '0 0 24 24',
    d: 'M20.447 20.452h-3.554v-5.569c0-1.328-.027-3.037-1.852-3.037-1.853 0-2.136 1.445-2.136 2.939v5.667H9.351V9h3.414v1.561h.046c.477-.9 1.637-1.85 3.37-1.85 3.601 0 4.267 2.37 4.267 5.455v6.286zM5.337 7.433c-1.144 0-2.063-.926-2.063-2.065 0-1.138.92-2.063 2.063-2.063 1.14 0 2.064.925 2.064 2.063 0 1.139-.925 2.065-2.064 2.065zm1.782 13.019H3.555V9h3.564v11.452zM22.225 0H1.771C.792 0 0 .774 0 1.729v20.542C0 23.227.792 24 1.771 24h20.451C23.2 24 24 23.227 24 22.271V1.729C24 .774 23.2 0 22.222 0h.003z',
  },
  tiktok: {
    viewBox: '0 0 24 24',
    d: 'M12.53.02C13.84 0 15.14.01 16.44 0c.08 1.53.63 3.09 1.75 4.17 1.12 1.11 2.7 1.62 4.24 1.79v4.03c-1.44-.05-2.89-.35-4.2-.97-.57-.26-1.1-.59-1.62-.93-.01 2.92.01 5.84-.02 8.75-.08 1.4-.54 2.79-1.35 3.94-1.31 1.92-3.58 3.17-5.91 3.21-1.43.08-2.86-.31-4.08-1.03-2.02-1.19-3.44-3.37-3.65-5.71-.02-.5-.03-1-.01-1.49.18-1.9 1.12-3.72 2.58-4.96 1.66-1.44 3.98-2.13 6.15-1.72.02 1.48-.04 2.96-.04 4.44-.99-.32-2.15-.23-3.02.37-.63.41-1.11 1.04-1.36 1.75-.21.51-.15 1.07-.14 1.61.24 1.64 1.82 3.02 3.5 2.87 1.12-.01 2.19-.66 2.77-1.61.19-.33.4-.67.41-1.06.1-1.79.06-3.57.07-5.36.01-4.03-.01-8.05.02-12.07Z',
  },
};

export function BrandIcon({ platform, className }: { platform: SocialPlatform; className?: string }) {
  const { viewBox, d } = PATHS[platform];
  return (
    <svg viewBox={viewBox} className={className} fill="currentColor" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

/** Platforms a store may link (seed 000 §2 "Store profile"); unknown ones get the website globe. */
export const STORE_SOCIAL_LABELS: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  x: 'X',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  website: 'Website',
  tiktok: 'TikTok',
  whatsapp: 'WhatsApp',
  discord: 'Discord',
  pinterest: 'Pinterest',
  snapchat: 'Snapchat',
  tumblr: 'Tumblr',
  reddit: 'Reddit',
  vimeo: 'Vimeo',
  github: 'GitHub',
  flickr: 'Flickr',
};

/** A 24-unit mark, filled, or outlined (`outline`) with a 2-unit stroke. */
function Mark({
  className,
  outline = false,
  children,
  ...svg
}: { className?: string; outline?: boolean; children: ReactNode } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      focusable="false"
      fill={outline ? 'none' : 'currentColor'}
      stroke={outline ? 'currentColor' : undefined}
      strokeWidth={outline ? 2 : undefined}
      {...svg}
    >
      {children}
    </svg>
  );
}

/** Simple marks for the platforms without a Simple Icons path above: a shape or a monogram. */
function SimpleMark({ platform, className }: { platform: string; className?: string }) {
  switch (platform) {
    case 'youtube':
      return (
        <Mark className={className}>
          <path
            fillRule="evenodd"
            d="M5 4h14a4 4 0 0 1 4 4v8a4 4 0 0 1-4 4H5a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4zm5 4.5v7l6-3.5z"
          />
        </Mark>
      );
    case 'flickr':
      return (
        <Mark className={className}>
          <circle cx="6.5" cy="12" r="4.5" />
          <circle cx="17.5" cy="12" r="4.5" opacity="0.6" />
        </Mark>
      );
    case 'whatsapp':
      return (
        <Mark className={className} outline strokeLinejoin="round">
          <path d="M3.5 20.5l1.3-4.2A8.5 8.5 0 1 1 8 19.4z" />
          <path d="M9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 1c-1-.5-2.5-2-3-3l1-1-1-2z" fill="currentColor" />
        </Mark>
      );
    case 'website':
      return (
        <Mark className={className} outline>
          <circle cx="12" cy="12" r="9.5" />
          <path d="M2.5 12h19M12 2.5c2.5 2.6 3.8 5.8 3.8 9.5s-1.3 6.9-3.8 9.5c-2.5-2.6-3.8-5.8-3.8-9.5S9.5 5.1 12 2.5z" />
        </Mark>
      );
    default: {
      const monogram: Record<string, string> = {
        discord: 'D',
        pinterest: 'P',
        snapchat: 'S',
        tumblr: 't',
        reddit: 'r',
        vimeo: 'v',
        github: 'GH',
      };
      const text = monogram[platform] ?? platform.charAt(0).toUpperCase();
      return (
        <Mark className={className}>
          <circle cx="12" cy="12" r="11" />
          <text
            x="12"
            y="12"
            dominantBaseline="central"
            textAnchor="middle"
            fontSize={text.length > 1 ? 9 : 13}
            fontWeight="700"
            fontFamily="system-ui, sans-serif"
            className="fill-white dark:fill-slate-900"
          >
            {text}
          </text>
        </Mark>
      );
    }
  }
}

/** The icon for a store's social link; `twitter` uses the X mark. */
export function StoreSocialIcon({ platform, className }: { platform: string; className?: string }) {
  const key = platform.trim().toLowerCase();
  const brand = key === 'twitter' ? 'x' : key;
  if (brand in PATHS) return <BrandIcon platform={brand as SocialPlatform} className={className} />;
  return <SimpleMark platform={STORE_SOCIAL_LABELS[key] ? key : 'website'} className={className} />;
}
