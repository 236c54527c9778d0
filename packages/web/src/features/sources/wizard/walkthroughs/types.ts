// The shape of a walkthrough guide. Each step has an illustration drawn by
// `WalkthroughIllustration` from its description: a console window with its navigation, form
// rows, check boxes and the button to press.

export interface IllustrationSpec {
  /** The console's location, as its breadcrumb reads. */
  breadcrumb: string;
  nav?: readonly string[];
  activeNav?: string;
  heading?: string;
  rows?: ReadonlyArray<{ label: string; value: string }>;
  checks?: ReadonlyArray<{ label: string; checked: boolean }>;
  code?: readonly string[];
  /** The button the step ends with, highlighted. */
  button?: string;
}

interface WalkthroughStep {
  title: string;
  text: string;
  /** A snippet to copy (a policy document, an address). */
  code?: string;
  illustration: IllustrationSpec;
}

export interface Walkthrough {
  title: string;
  intro: string;
  steps: readonly WalkthroughStep[];
}
