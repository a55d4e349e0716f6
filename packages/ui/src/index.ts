export { SignUpFields, signUpFieldProps } from './auth-fields';
export { ResetPasswordForm, SignInForm } from './auth-forms';
export { FieldError, FormAlert, OrDivider, PasswordField, SubmitButton, TextField } from './form-fields';
export { formatDate, formatPrice, formatTime } from './format';
export { NotificationBellView, type TNotificationBellViewProps } from './notification-bell';
export { CUSTOMER_UI_STYLE, type UiStyle, UiStyleProvider } from './ui-style';
