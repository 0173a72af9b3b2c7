import { describe, expect, it } from 'vitest';
import { ingestionView, shortUrl, updateAction, versionView, wpStatusView } from './publishedView';

const item = (patch: Partial<Parameters<typeof versionView>[0]> = {}) => ({
  publishedVersion: 2,
  latestVersion: 2,
  updating: false,
  lastError: null,
  ...patch,
});

describe('publishedView', () => {
  it.each([
    ['PUBLISH', 'Live', 'success'],
    ['TRASH', 'In the trash', 'danger'],
    ['DRAFT', 'Draft on WordPress', 'warning'],
  ] as const)('%s reads %s (%s)', (status, label, tone) => {
    expect(wpStatusView(status)).toEqual({ label, tone });
  });

  it('says when the draft moved on since the post was written', () => {
    expect(versionView(item())).toEqual({ live: 'Version 2 live', behind: null });
    expect(versionView(item({ latestVersion: 3 })).behind).toBe(
      'Draft is at version 3 (1 change not on the site)',
    );
    expect(versionView(item({ latestVersion: 5 })).behind).toBe(
      'Draft is at version 5 (3 changes not on the site)',
    );
  });

  it('the update button: busy while updating, a retry after an error', () => {
    expect(updateAction(item())).toEqual({ label: 'Update from latest draft', disabled: false });
    expect(updateAction(item({ updating: true }))).toEqual({ label: 'Updating…', disabled: true });
    expect(updateAction(item({ lastError: 'WordPress refused' })).label).toBe(
      'Try the update again',
    );
  });

  it('short URLs drop the scheme and the trailing slash', () => {
    expect(shortUrl('https://blog.example.com/best-crm/')).toBe('blog.example.com/best-crm');
  });

  it('says which state the page’s reading is in, and why it failed', () => {
    expect(ingestionView({ status: 'PENDING' })).toMatchObject({
      label: 'Waiting to read the page…',
      live: true,
      canReadAgain: false,
    });
    expect(ingestionView({ status: 'READING' })).toMatchObject({
      label: 'Reading the page…',
      live: true,
      canReadAgain: false,
    });
    expect(ingestionView({ status: 'READ' })).toMatchObject({
      tone: 'success',
      live: false,
      canReadAgain: true,
      detail: null,
    });
    expect(
      ingestionView({ status: 'FAILED', error: 'The page is not reachable: x answered 404.' }),
    ).toEqual({
      label: 'Could not read the page',
      tone: 'danger',
      detail: 'The page is not reachable: x answered 404.',
      live: false,
      canReadAgain: true,
    });
    expect(ingestionView({ status: 'FAILED', error: null }).detail).toBe(
      'The reason was not recorded.',
    );
  });
});
