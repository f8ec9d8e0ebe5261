import type { TranslationShape } from './en.ts';

/** English texts of the UTM link generator part. */
export const utmEn = {
  title: 'UTM link generator',
  intro: 'Make a short link to a quest or a K-Drop campaign, share it, and see who came through it.',
  signInToStart: 'Sign in to make links and see their results.',
  form: {
    heading: 'New link',
    target: 'Link to',
    targetQuest: 'A quest',
    targetCampaign: 'A campaign',
    pickQuest: 'Quest',
    pickCampaign: 'Campaign',
    choose: 'Choose…',
    noTargets: 'There is nothing published to link to yet.',
    source: 'Source',
    sourceHint: 'Where the link is shared, e.g. instagram',
    medium: 'Medium',
    mediumHint: 'What kind of post, e.g. influencer',
    campaign: 'Campaign name',
    campaignHint: 'Your own name for this push, e.g. diwali-2026',
    content: 'Content (optional)',
    contentHint: 'Tells apart posts of one campaign, e.g. story-1',
    term: 'Term (optional)',
    termHint: 'A keyword, for paid search',
    charset: 'Lowercase letters, digits, "_", "-" and "." only.',
    required: 'Required.',
    submit: 'Make the link',
    submitting: 'Making…',
  },
  result: {
    heading: 'Your link is ready',
    shortLink: 'Short link',
    fullLink: 'Full link',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Could not copy. Select the text and copy it.',
  },
  list: {
    heading: 'My links',
    empty: 'No links yet. Make your first one above.',
    loadMore: 'Load more',
    ended: 'Ended',
    clicks: 'Clicks',
    visits: 'Visitors',
    signUps: 'Sign-ups',
    questCompletions: 'Completed a quest',
    resultsOf: 'Results of {{code}}',
  },
};

export type UtmTranslation = TranslationShape<typeof utmEn>;
