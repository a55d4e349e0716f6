/** A practical e-mail check for forms: something@something.tld, no spaces. The server has the last word. */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim());
}
