import type { TSplitShare, TSplitView } from '@d3/shared/payments/split-schemas';

import { siteText } from '../../../lib/site-i18n';

/** Every text of the split pages (issue 34), the exact words where it gives them. */
const ids = {
  title: 'splits.title',
  organiser: 'splits.organiser',
  open: 'splits.open',
  paid: 'splits.paid',
  paidText: 'splits.paidText',
  lapsed: 'splits.lapsed',
  lapsedText: 'splits.lapsedText',
  cancelled: 'splits.cancelled',
  cancelledText: 'splits.cancelledText',
  payTitle: 'splits.payTitle',
  payHelp: 'splits.payHelp',
  waiting: 'splits.waiting',
  yourShare: 'splits.yourShare',
  noShareLeft: 'splits.noShareLeft',
  notFound: 'splits.notFound',
  loadFailed: 'splits.loadFailed',
  shareLink: 'splits.shareLink',
  copyLink: 'splits.copyLink',
  copied: 'splits.copied',
  whatsapp: 'splits.whatsapp',
  sendAgain: 'splits.sendAgain',
  voucher: 'splits.voucher',
} as const;

/** Each read in the page's language when used (issue 33; English: the words). */
export const SPLIT_TEXT = Object.assign(
  Object.defineProperties(
    {} as Record<keyof typeof ids, string>,
    Object.fromEntries(
      Object.entries(ids).map(([key, id]) => [key, { get: () => siteText(id), enumerable: true }]),
    ),
  ),
  {
    friend: (position: number) => siteText('splits.friend', { position }),
    heldUntil: (time: string) => siteText('splits.heldUntil', { time }),
  },
);

const SHARE_STATUS_ID: Record<TSplitShare['status'], string> = {
  open: 'splits.share.open',
  pending: 'splits.share.pending',
  paid: 'splits.share.paid',
  refund_pending: 'splits.share.refund_pending',
  refunded: 'splits.share.refunded',
};

/** A share's state as its row says it ('Refunded: receipt …' once the refund landed). */
export function shareStatusText(share: Pick<TSplitShare, 'status' | 'refundReceipt'>): string {
  if (share.status === 'refunded' && share.refundReceipt)
    return siteText('splits.share.refundedReceipt', { receipt: share.refundReceipt });
  return siteText(SHARE_STATUS_ID[share.status]);
}

/** Who the share is, as the list names it. */
export function shareOwner(share: Pick<TSplitShare, 'isOrganiser' | 'position'>): string {
  return share.isOrganiser ? SPLIT_TEXT.organiser : SPLIT_TEXT.friend(share.position);
}

/** Worth reading again: someone may still pay, or a refund is still on its way. */
export function isSplitLive(split: Pick<TSplitView, 'status' | 'shares'>): boolean {
  if (split.status === 'open') return true;
  return split.shares.some((share) => share.status === 'refund_pending' || share.status === 'pending');
}

/** The heading and sentence of the split's state. */
export function splitHeadline(split: Pick<TSplitView, 'status'>): { title: string; text: string | null } {
  if (split.status === 'paid') return { title: SPLIT_TEXT.paid, text: SPLIT_TEXT.paidText };
  if (split.status === 'lapsed') return { title: SPLIT_TEXT.lapsed, text: SPLIT_TEXT.lapsedText };
  if (split.status === 'cancelled') return { title: SPLIT_TEXT.cancelled, text: SPLIT_TEXT.cancelledText };
  return { title: SPLIT_TEXT.open, text: null };
}
