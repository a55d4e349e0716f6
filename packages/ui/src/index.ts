export { accountLocaleHooks } from './account-locale';
export {
  CHANGE_PASSWORD_FIELDS,
  ChangePasswordFields,
  fieldGroupProps,
  NAME_FIELDS,
  NameFields,
  NewPasswordFields,
  nameAndPhoneValues,
  PhoneField,
} from './auth-fields';
export { AFTER_SIGN_IN_DELAY_MS, usePasswordReset, usePasswordSignIn } from './auth-flows';
export {
  type LinkComponent,
  RequestResetForm,
  ResetPasswordForm,
  SignInForm,
  SignUpForm,
} from './auth-forms';
export { useChatComposer } from './chat-composer';
export { ChatPaneHeader, ChatQuickReplies, ChatSearchField, ChatTicks } from './chat-layout';
export { FieldError, FormAlert, OrDivider, PasswordField, SubmitButton, TextField } from './form-fields';
export { dateTimeFormat, formatDate, formatPrice, formatTime, weekdayList, weekdayName } from './format';
export {
  activateLocale,
  type CatalogueLoaders,
  createI18n,
  errorText,
  type I18n,
  intlFormats,
  LocaleProvider,
  type Messages,
  rememberLocale,
  setFallbackI18n,
  startingLocale,
  translate,
  useErrorText,
  useI18n,
  useLocale,
  useT,
} from './i18n';
export { LANGUAGE_NAMES, LanguageChoice } from './language-switch';
export { NotificationBellView, type TNotificationBellViewProps } from './notification-bell';
export {
  type ConversationOptions,
  type RealtimeOptions,
  type TConnection,
  type TEmit,
  useConversation,
  useRealtime,
} from './realtime';
export { mapRegisterFieldErrors, registerFieldOf, setServerFieldErrors } from './server-errors';
export { CUSTOMER_UI_STYLE, type UiStyle, UiStyleProvider } from './ui-style';
export { useTimeAgo } from './ui-texts';
export { useZodForm } from './zod-form';
