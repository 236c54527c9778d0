// Spec platform section 5, 'Validation rules': "Names cannot include brackets or HTML." One rule
// for every name and label a person gives (account company, user names, source names, asset
// names, categories and tags), so the forms and the API refuse the same text with the same words.
import { z } from 'zod';

/** The message of the rule, as spec platform section 5 words it. */
export const NAME_RULE_MESSAGE = 'Names cannot include brackets or HTML.';

// Square and curly brackets, and the angle brackets without which there is no HTML tag.
const BRACKETS_OR_HTML = /[<>[\]{}]/;

/** Whether a name or label breaks the rule: it holds a bracket or an HTML tag. */
export function hasBracketsOrHtml(text: string): boolean {
  return BRACKETS_OR_HTML.test(text);
}

/** The rule as a zod check for a string schema of a name or label: `.check(nameRule())`. */
export function nameRule() {
  return z.refine<string>((text) => !hasBracketsOrHtml(text), NAME_RULE_MESSAGE);
}
