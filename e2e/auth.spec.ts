import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFreshUser, signUpThroughApi, TEST_PASSWORD, uniqueEmail } from './support/auth';
import { type BrowserSession, launchBrowser } from './support/browser';
import { visible, waitForPath } from './support/expect';

let session: BrowserSession;

beforeAll(async () => {
  session = await launchBrowser();
});

afterAll(async () => {
  await session?.close();
});

describe('sign-in', () => {
  it('sends a signed-out visitor to /login and brings them back after signing in', async () => {
    const account = await signUpThroughApi(uniqueEmail('next'));
    const { page } = await session.newPage();
    await page.goto('/analytics?range=30d');
    const url = await waitForPath(page, '/login');
    expect(url.searchParams.get('next')).toBe('/analytics?range=30d');

    await page.getByLabel('Email').fill(account.user.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const back = await waitForPath(page, '/analytics');
    expect(back.search).toBe('?range=30d');
    await visible(page.getByRole('heading', { name: 'Analytics', level: 1 }));
  });

  it('signs up in the browser, stays signed in across a reload, and logs out', async () => {
    const { page } = await session.newPage();
    const email = uniqueEmail('browser');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await waitForPath(page, '/signup');
    await visible(page.getByRole('heading', { name: 'Create your Lumen account' }));

    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(page.getByText('Enter your email address.'));
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('other');
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(page.getByText('Enter a valid email address, like name@company.com.'));
    await visible(page.getByText('Use at least 8 characters.'));
    await visible(page.getByText('The passwords do not match.'));

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/dashboard');
    await visible(page.getByRole('button', { name: email }));

    await page.reload();
    await waitForPath(page, '/dashboard');
    await visible(page.getByRole('button', { name: email }));

    await page.getByRole('button', { name: email }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await waitForPath(page, '/login');
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Sign in to Lumen' }));
  });

  it('shows the server message for a duplicate sign-up and a wrong password', async () => {
    const account = await signUpThroughApi(uniqueEmail('dup'));
    const { page } = await session.newPage();
    await page.goto('/signup');
    await page.getByLabel('Email').fill(account.user.email);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    const duplicate = await visible(page.getByRole('alert'));
    expect((await duplicate.textContent())?.length ?? 0).toBeGreaterThan(0);
    await waitForPath(page, '/signup');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Sign in to Lumen' }));
    await page.getByLabel('Email').fill(account.user.email);
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const wrong = await visible(page.getByRole('alert'));
    expect(await wrong.textContent()).toMatch(/invalid/i);
    await waitForPath(page, '/login');
  });

  it('sends a signed-in visit to /login and /signup on to the dashboard', async () => {
    const { page } = await session.newPage();
    await signInFreshUser(page, '/login');
    await waitForPath(page, '/dashboard');
    await page.goto('/signup');
    await waitForPath(page, '/dashboard');
  });

  it('signs a new person in through the Google stand-in', async () => {
    const { page } = await session.newPage();
    const email = uniqueEmail('google');
    await page.goto('/campaigns');
    await waitForPath(page, '/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/auth/v1/'));
    expect(await page.title()).toMatch(/offline stand-in/i);
    await visible(page.getByText(/not the real Google/i));
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: /Continue as this Google user/ }).click();
    await waitForPath(page, '/campaigns');
    await visible(page.getByRole('button', { name: email }));
    expect(await page.evaluate(() => localStorage.getItem('lumen-auth-token'))).toContain(email);
  });

  it('signs a new person in through the Facebook stand-in and lands on the dashboard', async () => {
    const { page } = await session.newPage();
    const email = uniqueEmail('facebook');
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Continue with Facebook' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/auth/v1/'));
    expect(await page.title()).toMatch(/Facebook.*offline stand-in/i);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: /Continue as this Facebook user/ }).click();
    await waitForPath(page, '/dashboard');
    await visible(page.getByRole('button', { name: email }));
  });

  it('shows an error and a way back when the callback has no valid code', async () => {
    const { page } = await session.newPage();
    await page.goto('/auth/callback?code=not-a-real-code');
    await visible(page.getByRole('heading', { name: 'Sign-in failed' }));
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await waitForPath(page, '/login');

    await page.goto('/auth/callback?error=access_denied&error_description=The+user+cancelled');
    // Our own words, never the text from the URL.
    await visible(page.getByText('Sign-in was cancelled.'));
    expect(await page.getByText('The user cancelled').count()).toBe(0);
  });
});
