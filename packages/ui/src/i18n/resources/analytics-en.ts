import type { TranslationShape } from './en.ts';

/** English texts of the operators' analytics part. */
export const analyticsEn = {
  title: 'Analytics',
  tokenHeading: 'Operator sign-in',
  tokenIntro: 'Paste your operator token. It stays in this tab only and is gone when the tab closes.',
  token: 'Operator token',
  open: 'Open the dashboard',
  forget: 'Sign out',
  badToken: 'That token was refused. Check it and try again.',
  from: 'From',
  to: 'To',
  apply: 'Show',
  refreshedAt: 'Figures up to {{time}}',
  notRefreshed: 'The figures are not computed yet; they refresh every minute.',
  csv: 'CSV',
  downloadCsv: 'Download {{report}} as CSV',
  overview: {
    heading: 'Daily activity',
    activeUsers: 'Active users',
    sessions: 'Sessions',
    signUps: 'Sign-ups',
    events: 'Events',
    byChannel: 'Sessions by channel',
    byDevice: 'Sessions by device',
  },
  funnel: {
    heading: 'Funnel',
    visit: 'Visits',
    sign_up: 'Sign-ups',
    first_quest: 'First quest',
    first_collect: 'First collect',
    ofPrevious: '{{percent}} of the step before',
  },
  signups: {
    heading: 'Sign-ups',
    byMethod: 'By method',
    byCountry: 'By country',
  },
  utm: {
    heading: 'UTM links',
    empty: 'No link had visits or sign-ups in these days.',
    link: 'Link',
    visits: 'Visitors',
    signUps: 'Sign-ups',
    questCompletions: 'Completed a quest',
  },
  reports: { overview: 'daily activity', funnel: 'the funnel', signups: 'sign-ups', utm: 'UTM links' },
};

export type AnalyticsTranslation = TranslationShape<typeof analyticsEn>;
