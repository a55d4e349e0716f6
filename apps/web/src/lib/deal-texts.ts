import { useT } from '@d3/ui';

/**
 * The words the shared deal rules (@d3/shared/catalogue/deal-rules) give in English, in the reader's
 * language (issue 33): the rules keep deciding, the catalogue says it.
 */
export function useDealTexts() {
  const t = useT();
  return {
    /** 'Expired', '3d left', '5h left', 'Ending soon'. */
    timeLeft(label: string): string {
      const days = /^(\d+)d left$/.exec(label);
      if (days) return t('deal.daysLeft', { count: Number(days[1]) });
      const hours = /^(\d+)h left$/.exec(label);
      if (hours) return t('deal.hoursLeft', { count: Number(hours[1]) });
      if (label === 'Expired') return t('deal.expired');
      if (label === 'Ending soon') return t('deal.endingSoon');
      return label;
    },
    /** heroTimeLeft: 'Limited time', 'Expired', '1 day left', '5 days left'. */
    heroTimeLeft(label: string): string {
      const days = /^(\d+) days? left$/.exec(label);
      if (days) return t('deal.heroDaysLeft', { count: Number(days[1]) });
      if (label === 'Expired') return t('deal.expired');
      if (label === 'Limited time') return t('deal.limitedTime');
      return label;
    },
    /** offerTag: 'Featured', 'Hot Deal', 'Bestseller', 'Limited Time'. */
    tag(tag: string): string {
      const ids: Record<string, string> = {
        Featured: 'deal.tag.featured',
        'Hot Deal': 'deal.tag.hot',
        Bestseller: 'deal.tag.bestseller',
        'Limited Time': 'deal.tag.limited',
      };
      return ids[tag] ? t(ids[tag]) : tag;
    },
    /** storeBadge: 'MOST REVIEWED', 'HIGHLY REVIEWED', 'POPULAR', 'REVIEWED', 'NEW'. */
    storeBadge(badge: string): string {
      const ids: Record<string, string> = {
        'MOST REVIEWED': 'deal.badge.mostReviewed',
        'HIGHLY REVIEWED': 'deal.badge.highlyReviewed',
        POPULAR: 'deal.badge.popular',
        REVIEWED: 'deal.badge.reviewed',
        NEW: 'deal.badge.new',
      };
      return ids[badge] ? t(ids[badge]) : badge;
    },
    /** '35% OFF'; null without a discount. */
    discountBadge(discount: number | null | undefined): string | null {
      const value = Number(discount);
      return value > 0 ? t('deal.percentOff', { percent: Number(value.toFixed(2)) }) : null;
    },
    /** discountLabel: '35% Off', or 'Special Offer' without a discount. */
    discountLabel(discount: number | string | null | undefined): string {
      const value = Number(discount);
      return value > 0
        ? t('deal.percentOffLabel', { percent: Number(value.toFixed(2)) })
        : t('deal.specialOffer');
    },
  };
}
