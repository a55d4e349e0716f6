/**
 * Engagement's texts and sizes, without zod: a page that only shows reviews reads these and does not
 * load the schemas (and the phone-number metadata they bring) until a form needs them (issue 16).
 */

export const ENGAGEMENT_MESSAGES = {
  favoriteAdded: 'Added to favorites',
  favoriteAlready: 'Already in favorites',
  favoriteRemoved: 'Removed from favorites',
  favoriteNotThere: 'Not in favorites',
  followed: 'Store followed successfully',
  unfollowed: 'Store unfollowed successfully',
  reviewRequired: 'Please provide both a rating and a comment.',
  reviewDuplicate: 'You have already reviewed this store. You can edit your existing review instead.',
  ratingRange: 'Rating must be a whole number from 1 to 5',
  commentTooLong: 'Comment must be at most 500 characters',
  reviewCreated: 'Review submitted successfully!',
  reviewUpdated: 'Review updated successfully!',
  reviewDeleted: 'Review deleted successfully',
  reviewNotFound: 'Review not found',
  reviewNotYours: 'You can only change your own review',
  responseRequired: 'Response text is required',
  responseTooLong: 'Response must be at most 1000 characters',
  responseSaved: 'Response saved successfully',
  settingsSaved: 'Notification settings updated',
  settingsEmpty: 'Send at least one setting',
  preferencesSaved: 'Preferences updated',
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  samePassword: 'New password must be different from the current password',
  deletePasswordRequired: 'Password is required to delete your account',
  deletePasswordIncorrect: 'Password is incorrect',
  deleteNeedsPassword: 'Set a password before deleting your account.',
  accountDeleted: 'Your account and personal data have been deleted.',
} as const;

export const REVIEW_TEXT_MAX = 500;
export const REVIEWS_PAGE_SIZE = 10;
export const FAVORITES_PAGE_SIZE = 20;
