import type { Page } from '@playwright/test';
import {
  API_HEADERS,
  newTestAccount,
  readOtpFromOutbox,
  registerCustomer,
  type TTestAccount,
} from '../support/customer-session.js';
import { expect, test } from '../support/test.js';

/**
 * Accounts on the customer and merchant sites (issue 3, seed 000 §2 and §5): sign-up, phone OTP, navbar
 * state, sign-out, a guarded page that returns after sign-in, and the forms' messages.
 */

async function fillSignUpForm(page: Page, account: TTestAccount): Promise<void> {
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Phone number').fill(account.phone);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
}

async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('sign up, verify the phone by OTP, sign out, then sign in through a guarded page and return to it', async ({
  page,
  request,
  isMobile,
}) => {
  const account = newTestAccount('Achieng', 'Mwangi');

  await page.goto('/accounts/sign-up');
  await expect(page.locator('h1')).toHaveText('Sign Up');
  await expect(page.getByText('e.g. 0712 345 678')).toBeVisible();
  await fillSignUpForm(page, account);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  await expect(page).toHaveURL(/\/accounts\/verify-otp$/);
  await expect(page.locator('h1')).toHaveText('Verify Phone Number');
  await expect(page.getByText('We sent a 6-digit code to your phone.')).toBeVisible();
  await expect(page.getByText(`+254 7** *** ${account.phone.slice(-3)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend OTP in \d+s/ })).toBeDisabled();

  const verify = page.getByRole('button', { name: 'Verify Phone Number' });
  await expect(verify).toBeDisabled();
  const code = await readOtpFromOutbox(request, account.phoneE164);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
  await expect(verify).toBeEnabled();
  await verify.click();

  await expect(page.getByText('Phone number verified successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  const header = page.getByRole('banner');
  const profileLink = header.getByRole('link', { name: account.firstName });
  await expect(profileLink).toHaveAttribute('href', '/profile');
  if (isMobile) {
    await expect(header.getByTestId('account-initial')).toHaveText(account.firstName.charAt(0));
    await expect(header.getByTestId('account-initial')).toBeVisible();
  } else {
    await expect(profileLink).toBeVisible();
    await expect(profileLink).toContainText(account.firstName);
  }
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

  // Sign out from the account menu.
  await header.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/accounts\/sign-in$/);
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();

  // A guarded page sends the visitor to sign-in and brings them back afterwards.
  await page.goto('/profile/favourites');
  await expect(page).toHaveURL(/\/accounts\/sign-in\?redirect=%2Fprofile%2Ffavourites$/);
  await signInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/profile\/favourites$/);
  await expect(page.locator('h1')).toHaveText('My Favourite Offers');
  await expect(header.getByRole('link', { name: account.firstName })).toBeAttached();

  // Signed in, the sign-in page sends the visitor on instead of showing the form.
  await page.goto('/accounts/sign-in?redirect=%2Fprofile%2Ffavourites');
  await expect(page).toHaveURL(/\/profile\/favourites$/);
});

test("a wrong password shows 'Invalid credentials'", async ({ page, request }) => {
  const account = newTestAccount('Baraka', 'Njoroge');
  await registerCustomer(request, account);

  await page.goto('/accounts/sign-in');
  await signInThroughForm(page, account.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await expect(page).toHaveURL(/\/accounts\/sign-in$/);
});

test('the sign-in and sign-up forms show the seed messages on an empty submit', async ({ page }) => {
  await page.goto('/accounts/sign-in');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email', { exact: true }).fill('amina@');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.goto('/accounts/sign-up');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Email is required',
    'Phone number is required',
    'Password is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password', { exact: true }).fill('shorter');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

test('a forgotten password is reset with the code from the outbox', async ({ page, request }) => {
  const account = newTestAccount('Zawadi', 'Ochieng');
  await registerCustomer(request, account);

  await page.goto('/accounts/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/request-password-reset$/);
  await expect(page.locator('h1')).toHaveText('Reset Password');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByText(/If an account exists for that e-mail, we've sent a code/)).toBeVisible();

  const code = await readOtpFromOutbox(request, account.email);
  const newPassword = 'Mvua-Ya-Masika-2025';
  await page.getByLabel('Reset code').fill(code);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/accounts\/sign-in$/);

  await signInThroughForm(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/$/);
});

test('a merchant signs up and the dashboard greets them by name', async ({ page, request }) => {
  const account = newTestAccount('Kamau', 'Wekesa');

  await page.goto('/merchant/');
  await expect(page).toHaveURL(/\/merchant\/sign-in$/);
  await page.getByRole('link', { name: 'Create your business account' }).click();
  await expect(page.locator('h1')).toHaveText('Create your business account');

  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Business e-mail').fill(account.email);
  await page.getByLabel('Phone number').fill(account.phone);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/merchant\/?$/);
  await expect(page.locator('h1')).toHaveText('Dashboard');
  await expect(page.getByRole('heading', { name: `Karibu, ${account.firstName}!` })).toBeVisible();
  await expect(page.getByText('You have no stores yet. Create one to start taking bookings.')).toBeVisible();

  // The merchant token is the merchant site's own: the customer site stays signed out.
  const response = await request.get('/api/v1/merchants/me', {
    headers: {
      ...API_HEADERS,
      authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('merchant_token'))}`,
    },
  });
  expect(response.status()).toBe(200);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});
