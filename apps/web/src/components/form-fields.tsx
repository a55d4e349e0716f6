/** The form fields both sites show alike live in @d3/ui; the customer site's look is its default style. */
export { FieldError, FormAlert, OrDivider, PasswordField, TextField } from '@d3/ui';
