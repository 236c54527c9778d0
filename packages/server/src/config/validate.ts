import { z } from 'zod';
import { unsetWhenEmpty, type ConfigVariable, type Env, type Setting } from './setting.ts';

/**
 * Checks `env` against every variable of `settings` and their rules across variables, returning
 * the ConfigError lines (`NAME: message (got "value")`); empty when the configuration reads.
 */
export function configProblems(settings: readonly Setting<unknown>[], env: Env): string[] {
  const variables = settings.flatMap((setting) => setting.variables);
  const rules = settings.flatMap((setting) => setting.rules);
  // One zod object over every variable: zod lists each value's issues in variable order, then the
  // rules' issues, which it leaves out once a value has failed outright (an unknown LOG_LEVEL, say).
  const schema = z
    .object(Object.fromEntries(variables.map((row) => [row.name, optionalText(row.parse)])))
    .superRefine((values, context) => {
      for (const { name, message } of rules.flatMap((rule) => rule(values))) {
        context.addIssue({ code: 'custom', path: [name], message });
      }
    });
  const parsed = schema.safeParse(env);
  if (parsed.success) return [];
  const byName = new Map(variables.map((row) => [row.name, row]));
  return parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `${name}: ${issue.message}${shownValue(byName.get(name), env[name])}`;
  });
}

function optionalText(parse: z.ZodType<unknown, string>) {
  return z.preprocess((text: string | undefined) => unsetWhenEmpty(text), parse.optional());
}

/** ` (got "value")`, or nothing for a secret, which would otherwise end up in the logs. */
function shownValue(variable: ConfigVariable | undefined, value: string | undefined): string {
  return variable?.secret || value === undefined ? '' : ` (got "${value}")`;
}
