import { describe, expect, it } from 'vitest';
import { NotFoundScreen } from '../screens/not-found-screen.tsx';
import { labelFor, renderScreen } from '../test/render.tsx';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { LoadingState } from './loading-state.tsx';
import { shownModal } from './modal-host.tsx';
import { Page } from './page.tsx';

describe('Page', () => {
  it('has the Khel header with the language picker, and the footer with the legal links', () => {
    const html = renderScreen(<Page title="Home">content</Page>);
    expect(html).toContain('<header');
    expect(html).toContain('Khel</span>');
    const languageSelect = /<select id="([^"]+)" class="language-picker__select"/.exec(html)?.[1] ?? '';
    expect(labelFor(html, languageSelect)).toBe('Language');
    expect(html).toContain('>English</option>');
    expect(html).toContain('>हिन्दी</option>');
    expect(html).toContain('>Português (Brasil)</option>');
    expect(html).toContain('<footer');
    expect(html).toContain('href="/terms-and-conditions"');
    expect(html).toContain('content');
  });

  it('header=false hides the header and footer=false the footer (SPEC §2)', () => {
    const noHeader = renderScreen(<Page>content</Page>, { at: '/home?header=false' });
    expect(noHeader).not.toContain('<header');
    expect(noHeader).toContain('<footer');

    const bare = renderScreen(<Page>content</Page>, { at: '/home?header=false&footer=false' });
    expect(bare).not.toContain('<header');
    expect(bare).not.toContain('<footer');
    expect(bare).toContain('content');
  });

  it('inside the Mini App the page stays minimal: no header (Telegram is the chrome) and no footer', () => {
    const html = renderScreen(<Page>content</Page>, { platform: 'telegram' });
    expect(html).not.toContain('<header');
    expect(html).not.toContain('<footer');
    expect(html).toContain('page--embedded');
  });
});

describe('shared states', () => {
  it("an empty list says 'Looks like there is nothing here yet' (SPEC §2), in every language", () => {
    expect(renderScreen(<EmptyState />)).toContain('Looks like there is nothing here yet');
    expect(renderScreen(<EmptyState />, { language: 'hi' })).toContain('लगता है यहाँ अभी कुछ नहीं है');
    expect(renderScreen(<EmptyState />, { language: 'pt-BR' })).toContain(
      'Parece que ainda não há nada aqui',
    );
  });

  it('loading is announced as a status', () => {
    const html = renderScreen(<LoadingState skeletonLines={3} />);
    expect(html).toContain('role="status"');
    expect(html).toContain('Loading…');
    expect(html.match(/skeleton__line/g)).toHaveLength(3);
  });

  it('an error shows the SPEC §8 fetch text and a retry button only when there is a retry', () => {
    const withRetry = renderScreen(<ErrorState onRetry={() => {}} />);
    expect(withRetry).toContain('role="alert"');
    expect(withRetry).toContain('An error occurred while fetching data.. Please try again!');
    expect(withRetry).toContain('>Try again</button>');
    expect(renderScreen(<ErrorState message="Claim Failed" />)).not.toContain('<button');
  });
});

describe('screens', () => {
  it("an unknown path shows the heading 'Page not found' and a link home", () => {
    const html = renderScreen(<NotFoundScreen />, { at: '/no-such-page' });
    expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Go to home<\/a>/);
  });
});

describe('the modal host in Page', () => {
  it('draws the open modal, except one the page excludes or the login while a sign-in is finished', () => {
    expect(shownModal(null, { finishingSignIn: false })).toBeNull();
    expect(shownModal('login', { finishingSignIn: false })).toBe('login');
    expect(shownModal('walletError', { finishingSignIn: true })).toBe('walletError');
    expect(shownModal('login', { finishingSignIn: true })).toBeNull();
    // The sign-in pages are the login form themselves: Page excludes the login modal there.
    expect(shownModal('login', { finishingSignIn: false, exclude: 'login' })).toBeNull();
    expect(shownModal('walletError', { finishingSignIn: false, exclude: 'login' })).toBe('walletError');
  });

  it('draws nothing while no modal is open, whatever the registry', () => {
    const modals = { login: () => <p>the login modal</p> };
    expect(renderScreen(<Page>content</Page>, { at: '/profile', modals })).not.toContain('the login modal');
    expect(renderScreen(<Page>content</Page>, { at: '/profile', modals: {} })).toContain('content');
  });
});
