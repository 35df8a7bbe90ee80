/**
 * How Footfall writes its figures, one set of rules for the dashboard, the mails and the exports: counts,
 * percentages, changes (points for rates), money, durations, dates, times and week starts, in the reader's
 * locale and, for what happened on a site, the site's time zone. Plain ECMAScript (Intl), no schema library.
 */
export * from './changes';
export * from './dates';
export * from './durations';
export * from './instants';
export { currentLocale, DEFAULT_LOCALE, NO_VALUE, setReaderLocale } from './intl';
export * from './names';
export * from './numbers';
