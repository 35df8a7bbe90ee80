// Browser features newer than TypeScript's DOM library.

interface Navigator {
  /** Global Privacy Control: the visitor asks sites not to sell or share their data. */
  readonly globalPrivacyControl?: boolean;
}

interface Document {
  /** True while the page is prerendered by speculation rules; `prerenderingchange` fires on activation. */
  readonly prerendering?: boolean;
}
