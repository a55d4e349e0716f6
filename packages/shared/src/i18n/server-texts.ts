import { nairobiDate, nairobiTimeOfDay } from '../time/relative-time.js';
import { DEFAULT_LOCALE, INTL_LOCALES, type Locale } from './locale.js';

/**
 * Every text the server sends to a person (issue 33): SMS, in-app and push notifications, booking
 * reminders and one-time codes, in English and Kiswahili. English is the seed's (and, where the
 * seeds give no words, the app's existing) wording; Kiswahili is written for a consumer app, short,
 * keeping the terms Kenyan apps leave in English (M-Pesa, Till, PIN, KES: docs/decisions).
 *
 * Placeholders are ICU simple arguments (`{name}`), filled by `serverText`. SMS texts must stay in
 * the GSM-7 alphabet and in as many 160-character segments as the English one
 * (server-texts.test.ts checks both with realistic values).
 */
export const SMS_TEXTS = {
  en: {
    otpVerification:
      'Your D3 Deals verification code is {code}. It expires in {minutes} minutes. Never share it.',
    otpPasswordReset:
      'Your D3 Deals password reset code is {code}. It expires in {minutes} minutes. Never share it.',
    bookingReminder: 'D3 Deals reminder: {what} at {store} on {when}. Please arrive 10 minutes early.',
    bookingConfirmed:
      'D3 Deals: your booking for {what} at {store} on {when} is confirmed. Show your voucher at the store.',
    waitlistOffer:
      'D3 Deals: a place freed up for {what} at {store} on {when}. It is held for you for {minutes} minutes - book it in the app.',
    refundSent: 'D3 Deals: your access fee refund of KES {amount} was sent to this M-Pesa number.',
    refundSentReceipt:
      'D3 Deals: your access fee refund of KES {amount} was sent to this M-Pesa number, receipt {receipt}.',
    refundFailed:
      'D3 Deals: we could not refund your KES {amount} access fee automatically; support will contact you.',
    refundFailedReference:
      'D3 Deals: we could not refund your KES {amount} access fee automatically; support will contact you (reference {reference}).',
    splitInvite:
      'D3 Deals: you are booked for {what} at {store} on {when}. Your share of the access fee is KES {amount}: approve the M-Pesa prompt, or pay at {link}',
    splitVoucher:
      'D3 Deals: your group booking of {what} at {store} on {when} for {party} is confirmed. Voucher {voucher}: show it at the store.',
  },
  sw: {
    otpVerification:
      'Msimbo wako wa kuthibitisha D3 Deals ni {code}. Unaisha baada ya dakika {minutes}. Usimpe mtu yeyote.',
    otpPasswordReset:
      'Msimbo wa kubadilisha nenosiri la D3 Deals ni {code}. Unaisha baada ya dakika {minutes}. Usimpe mtu yeyote.',
    bookingReminder: 'Kikumbusho cha D3 Deals: {what} pale {store}, {when}. Tafadhali fika dakika 10 mapema.',
    bookingConfirmed:
      'D3 Deals: nafasi yako ya {what} pale {store}, {when} imethibitishwa. Onyesha vocha yako dukani.',
    waitlistOffer:
      'D3 Deals: nafasi imepatikana ya {what} pale {store}, {when}. Tumekushikia kwa dakika {minutes} - iweke kwenye programu.',
    refundSent: 'D3 Deals: ada yako ya huduma ya KES {amount} imerudishwa kwa nambari hii ya M-Pesa.',
    refundSentReceipt:
      'D3 Deals: ada yako ya huduma ya KES {amount} imerudishwa kwa nambari hii ya M-Pesa, risiti {receipt}.',
    refundFailed:
      'D3 Deals: hatukuweza kurudisha ada yako ya KES {amount} moja kwa moja; timu yetu itawasiliana nawe.',
    refundFailedReference:
      'D3 Deals: hatukuweza kurudisha ada yako ya KES {amount} moja kwa moja; timu yetu itawasiliana nawe (kumbukumbu {reference}).',
    splitInvite:
      'D3 Deals: umewekewa nafasi ya {what} pale {store}, {when}. Sehemu yako ya ada ni KES {amount}: kubali ombi la M-Pesa, au lipa hapa {link}',
    splitVoucher:
      'D3 Deals: nafasi ya kikundi ({party}) ya {what} pale {store}, {when} imethibitishwa. Vocha {voucher}: ionyeshe dukani.',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** In-app notifications (the bell, the live socket event and Web Push carry the same words). */
export const NOTIFICATION_TEXTS = {
  en: {
    someone: 'A customer',
    yourBooking: 'your booking',
    aStore: 'a store',
    anOffer: 'an offer',
    reasonSuffix: ' Reason: {reason}',
    bookingReceivedTitle: 'Booking Received',
    bookingReceived: 'Your booking for {what} at {store} on {when} has been received.',
    merchantNewBookingTitle: 'New Booking',
    merchantNewBooking: '{customer} booked {what} for {when}.',
    bookingConfirmedTitle: 'Booking Confirmed',
    bookingConfirmed: 'Your booking for {what} at {store} on {when} is confirmed.',
    merchantBookingConfirmed: "{customer}'s booking for {what} on {when} is confirmed.",
    bookingCancelledTitle: 'Booking Cancelled',
    bookingCancelled: 'Your booking for {what} at {store} on {when} was cancelled.',
    merchantBookingCancelled: '{customer} cancelled {what} on {when}.',
    bookingCompletedTitle: 'Booking Completed',
    bookingCompleted: 'Thanks for visiting {store}. How was {what}? Leave a review.',
    merchantBookingCompleted: "{customer}'s {what} on {when} is completed.",
    bookingRescheduledTitle: 'Booking Rescheduled',
    bookingRescheduled: 'Your booking for {what} at {store} is now on {when}.',
    merchantBookingRescheduled: '{customer} moved {what} to {when}.',
    reminderTomorrowTitle: 'Booking tomorrow',
    reminderSoonTitle: 'Your booking starts in 2 hours',
    reminder: 'Reminder: {what} at {store} on {when}.',
    offerAcceptedTitle: 'Offer Accepted',
    offerAccepted: 'Your offer on "{request}" was accepted. Contact the customer to get started.',
    offerDeclinedTitle: 'Offer Declined',
    offerDeclined: 'Your offer on "{request}" was declined.',
    offerWithdrawnTitle: 'Offer Withdrawn',
    offerWithdrawn: 'Your offer on "{request}" was withdrawn.',
    serviceOfferVerifiedTitle: 'Verified Provider Made an Offer',
    serviceOfferPremiumTitle: 'Premium Service Offer Received',
    serviceOfferQuickTitle: 'Quick Response Offer',
    serviceOfferTitle: 'New Service Offer Received',
    serviceOffer: '{store} offered {price} for "{request}".',
    newMessageFromTitle: 'New message from {sender}',
    newFollowerTitle: 'New Follower',
    newFollower: '{who} started following {store}. You now have {followers} followers.',
    newReviewTitle: 'New Review',
    newReview: '{reviewer} rated {store} {rating} out of 5.',
    reviewResponseTitle: 'Response to Your Review',
    reviewResponse: '{store} responded to your review.',
    refundSentTitle: 'Refund sent',
    refundSent: 'KES {amount} is back on your M-Pesa.',
    refundSentReceipt: 'KES {amount} is back on your M-Pesa: receipt {receipt}.',
    refundFailedTitle: 'Refund: support will contact you',
    refundFailed: 'We could not refund automatically; support will contact you.',
    refundFailedReference:
      'We could not refund automatically; support will contact you (reference {reference}).',
    waitlistOfferTitle: 'A place is free for you',
    waitlistOffer:
      '{what} at {store} on {when}: a place freed up and is held for you for {minutes} minutes. Book it now.',
  },
  sw: {
    someone: 'Mteja',
    yourBooking: 'nafasi yako',
    aStore: 'duka',
    anOffer: 'ofa',
    reasonSuffix: ' Sababu: {reason}',
    bookingReceivedTitle: 'Tumepokea nafasi yako',
    bookingReceived: 'Tumepokea nafasi yako ya {what} pale {store}, {when}.',
    merchantNewBookingTitle: 'Nafasi mpya',
    merchantNewBooking: '{customer} ameweka nafasi ya {what}, {when}.',
    bookingConfirmedTitle: 'Nafasi imethibitishwa',
    bookingConfirmed: 'Nafasi yako ya {what} pale {store}, {when} imethibitishwa.',
    merchantBookingConfirmed: 'Nafasi ya {customer} ya {what}, {when} imethibitishwa.',
    bookingCancelledTitle: 'Nafasi imeghairiwa',
    bookingCancelled: 'Nafasi yako ya {what} pale {store}, {when} imeghairiwa.',
    merchantBookingCancelled: '{customer} ameghairi {what}, {when}.',
    bookingCompletedTitle: 'Huduma imekamilika',
    bookingCompleted: 'Asante kwa kutembelea {store}. {what} ilikuwaje? Tuachie maoni.',
    merchantBookingCompleted: '{what} ya {customer}, {when} imekamilika.',
    bookingRescheduledTitle: 'Nafasi imehamishwa',
    bookingRescheduled: 'Nafasi yako ya {what} pale {store} sasa ni {when}.',
    merchantBookingRescheduled: '{customer} amehamisha {what} hadi {when}.',
    reminderTomorrowTitle: 'Nafasi yako ni kesho',
    reminderSoonTitle: 'Nafasi yako inaanza baada ya saa 2',
    reminder: 'Kikumbusho: {what} pale {store}, {when}.',
    offerAcceptedTitle: 'Ofa imekubaliwa',
    offerAccepted: 'Ofa yako ya "{request}" imekubaliwa. Wasiliana na mteja ili kuanza.',
    offerDeclinedTitle: 'Ofa imekataliwa',
    offerDeclined: 'Ofa yako ya "{request}" imekataliwa.',
    offerWithdrawnTitle: 'Ofa imeondolewa',
    offerWithdrawn: 'Ofa yako ya "{request}" imeondolewa.',
    serviceOfferVerifiedTitle: 'Mtoa huduma aliyethibitishwa ametoa ofa',
    serviceOfferPremiumTitle: 'Umepokea ofa ya huduma ya hadhi',
    serviceOfferQuickTitle: 'Ofa ya jibu la haraka',
    serviceOfferTitle: 'Umepokea ofa mpya ya huduma',
    serviceOffer: '{store} ametoa ofa ya {price} kwa "{request}".',
    newMessageFromTitle: 'Ujumbe mpya kutoka {sender}',
    newFollowerTitle: 'Mfuasi mpya',
    newFollower: '{who} ameanza kufuata {store}. Sasa una wafuasi {followers}.',
    newReviewTitle: 'Maoni mapya',
    newReview: '{reviewer} ametoa alama {rating} kati ya 5 kwa {store}.',
    reviewResponseTitle: 'Jibu kwa maoni yako',
    reviewResponse: '{store} amejibu maoni yako.',
    refundSentTitle: 'Pesa imerudishwa',
    refundSent: 'KES {amount} imerudi kwenye M-Pesa yako.',
    refundSentReceipt: 'KES {amount} imerudi kwenye M-Pesa yako: risiti {receipt}.',
    refundFailedTitle: 'Marejesho: tutawasiliana nawe',
    refundFailed: 'Hatukuweza kurudisha pesa moja kwa moja; timu yetu itawasiliana nawe.',
    refundFailedReference:
      'Hatukuweza kurudisha pesa moja kwa moja; timu yetu itawasiliana nawe (kumbukumbu {reference}).',
    waitlistOfferTitle: 'Nafasi imepatikana kwa ajili yako',
    waitlistOffer:
      '{what} pale {store}, {when}: nafasi imepatikana na umeshikiliwa kwa dakika {minutes}. Ihifadhi sasa.',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type SmsTextKey = keyof (typeof SMS_TEXTS)['en'];
export type NotificationTextKey = keyof (typeof NOTIFICATION_TEXTS)['en'];
export type TextValues = Record<string, string | number>;

/**
 * Fills `{name}` placeholders. Values are inserted as they are (a `$&` or `{x}` in a store's name
 * stays literal); a placeholder without a value is a programming error and throws.
 */
export function fillTemplate(template: string, values: TextValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`missing value for {${name}}`);
    return String(value);
  });
}

export function smsText(locale: Locale, key: SmsTextKey, values?: TextValues): string {
  return fillTemplate((SMS_TEXTS[locale] ?? SMS_TEXTS[DEFAULT_LOCALE])[key], values);
}

export function notificationText(locale: Locale, key: NotificationTextKey, values?: TextValues): string {
  return fillTemplate((NOTIFICATION_TEXTS[locale] ?? NOTIFICATION_TEXTS[DEFAULT_LOCALE])[key], values);
}

/** The Kiswahili day ('12 Des 2026'), made once: building an Intl.DateTimeFormat costs ~80 µs (issue 38). */
const SWAHILI_DAY = new Intl.DateTimeFormat(INTL_LOCALES.sw, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Nairobi',
});

/**
 * A booking's time in a message, in Nairobi time: '12 Nov 2026 at 14:05' in English (the existing
 * wording; `separator: ','` gives '12 Nov 2026, 14:05'), '12 Nov 2026 saa 14:05' in Kiswahili
 * (CLDR's sw-KE month names: 'Des', 'Ago').
 */
export function bookingWhenText(
  startTime: string | Date,
  locale: Locale,
  separator: ' at' | ',' = ' at',
): string {
  const date = new Date(startTime);
  if (locale === 'sw') return `${SWAHILI_DAY.format(date)} saa ${nairobiTimeOfDay(date)}`;
  return `${nairobiDate(date)}${separator} ${nairobiTimeOfDay(date)}`;
}
