import { useT } from '@d3/ui';
import { Link2, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { StoreSocialIcon } from '../../../components/brand-icons';
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

/** The links in the order they show, with their labels; StoreSocialIcon draws Twitter as X. */
const targets: Array<{ key: keyof ReturnType<typeof shareLinks>; label: string; platform: string }> = [
  { key: 'whatsapp', label: 'share.whatsapp', platform: 'whatsapp' },
  { key: 'facebook', label: 'share.facebook', platform: 'facebook' },
  { key: 'twitter', label: 'share.twitter', platform: 'x' },
  { key: 'linkedin', label: 'share.linkedin', platform: 'linkedin' },
  { key: 'instagram', label: 'share.instagram', platform: 'instagram' },
];

const linkClass =
  'focus-ring grid size-9 place-items-center rounded-full border border-slate-200 text-slate-600 hover:border-orange-300 hover:text-orange-700 dark:border-slate-700 dark:text-slate-300 dark:hover:text-orange-400';

export function ShareMenu({ url, title }: { url: string; title: string }) {
  const t = useT();
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
      window.prompt(t('share.copyPrompt'), url);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('share.label')}</span>
      {targets.map(({ key, label, platform }) => (
        <a
          key={key}
          href={links[key]}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t(label)}
          className={linkClass}
        >
          <StoreSocialIcon platform={platform} className="size-4" />
        </a>
      ))}
      <button type="button" onClick={copy} aria-label={t('share.copy')} className={linkClass}>
        <Link2 aria-hidden="true" className="size-4" />
      </button>
      {native && (
        <button
          type="button"
          onClick={() => void shareNatively()}
          aria-label={t('share.more')}
          className={linkClass}
        >
          <Share2 aria-hidden="true" className="size-4" />
        </button>
      )}
      <span role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
        {copied ? t('share.copied') : ''}
      </span>
    </div>
  );
}
