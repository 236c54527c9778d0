/** The analytics events of the sources screens (spec platform section 7). */
export const SOURCE_EVENTS = {
  wizardValidationError: 'Wizard Validation Error',
  sourceCreated: 'Source Created',
  walkthroughOpened: 'Walkthrough Opened',
  paywallShown: 'Paywall Shown',
  paywallClicked: 'Paywall Clicked',
} as const;
