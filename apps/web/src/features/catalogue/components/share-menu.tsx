import { Link2, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { BrandIcon, StoreSocialIcon } from '../../../components/brand-icons';
import { canShareNatively, whatsappShareUrl } from '../../../lib/share-links';

export const LINK_COPIED = 'Link copied to clipboard!';
export const LINK_COPIED_MS = 2000;

/** Share targets (seed 000 §2 "Offer detail", WhatsApp first: issue 15); Instagram has no share URL, so it opens the home page. */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return {
    whatsapp: whatsappShareUrl(title, url),
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    twitter: `https://twitter.com/intent/tweet?url=${u}&text=${t}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    instagram: 'https://www.instagram.com/',
  };
}

const linkClass =
  'focus-ring grid size-9 place-items-center rounded-full border border-slate-200 text-slate-600 hover:border-orange-300 hover:text-orange-700 dark:border-slate-700 dark:text-slate-300 dark:hover:text-orange-400';

export function ShareMenu({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const links = shareLinks(url, title);
  const native = canShareNatively();

  async function shareNatively() {
    try {
      await navigator.share({ title, url });
    } catch {
      // Dismissed, or the sheet refused: the links beside it still work.
    }
  }

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), LINK_COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // Clipboard refused (insecure context or permission): select-and-copy is the visitor's fallback.
      window.prompt('Copy this link', url);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-slate-700 dark:text-slate-300">Share:</span>
      <a
        href={links.whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Share on WhatsApp"
        className={linkClass}
      >
        <StoreSocialIcon platform="whatsapp" className="size-4" />
      </a>
      <a
        href={links.facebook}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Share on Facebook"
        className={linkClass}
      >
        <BrandIcon platform="facebook" className="size-4" />
      </a>
      <a
        href={links.twitter}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Share on Twitter"
        className={linkClass}
      >
        <BrandIcon platform="x" className="size-4" />
      </a>
      <a
        href={links.linkedin}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Share on LinkedIn"
        className={linkClass}
      >
        <BrandIcon platform="linkedin" className="size-4" />
      </a>
      <a
        href={links.instagram}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Open Instagram"
        className={linkClass}
      >
        <BrandIcon platform="instagram" className="size-4" />
      </a>
      <button type="button" onClick={copy} aria-label="Copy link" className={linkClass}>
        <Link2 aria-hidden="true" className="size-4" />
      </button>
      {native && (
        <button
          type="button"
          onClick={() => void shareNatively()}
          aria-label="More ways to share"
          className={linkClass}
        >
          <Share2 aria-hidden="true" className="size-4" />
        </button>
      )}
      <span role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
        {copied ? LINK_COPIED : ''}
      </span>
    </div>
  );
}
