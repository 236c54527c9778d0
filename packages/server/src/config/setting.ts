import type { z } from 'zod';

/** The environment as the configuration reads it; only declared names are ever looked up. */
export type Env = Readonly<Record<string, string | undefined>>;

/** One environment variable the server reads, as declared (and listed in the README table). */
export interface ConfigVariable {
  readonly name: string;
  /** The README's Default column. */
  readonly default: string;
  readonly description: string;
  /** Reads the variable's text when it is set; its messages become the ConfigError lines. */
  readonly parse: z.ZodType<unknown, string>;
  /** Error messages leave out the value of a secret. */
  readonly secret: boolean;
}

/** A message about one variable: a ConfigError line without the name and value. */
interface VariableProblem {
  readonly name: string;
  readonly message: string;
}

/**
 * A check across several variables, given what each read on its own, keyed by variable name
 * (undefined when unset).
 */
type CombinationRule = (values: Readonly<Record<string, unknown>>) => VariableProblem[];

/** One property of Config, read from one or more environment variables. */
export interface Setting<Value> {
  /** The variables it reads, in README order. */
  readonly variables: readonly ConfigVariable[];
  readonly rules: readonly CombinationRule[];
  /** Its value; only called for an `env` that passed validation. */
  read(env: Env): Value;
}

/** The value each setting reads: Config is this, over the declared settings. */
export type SettingValues<Settings> = {
  [Key in keyof Settings]: Settings[Key] extends Setting<infer Value> ? Value : never;
};

/** A default worked out when the server starts, rather than parsed from text. */
interface ComputedDefault<Value> {
  /** What the README's Default column says. */
  readonly documented: string;
  readonly value: (env: Env) => Value;
}

export interface VariableDeclaration<Value> {
  readonly name: string;
  /** Text read as if the variable were set to it (and shown in the README), or a computed default. */
  readonly default: string | ComputedDefault<Value>;
  readonly parse: z.ZodType<Value, string>;
  readonly description: string;
  readonly secret?: boolean;
}

/** Empty means unset, as in most shells' `VAR= cmd`. */
export function unsetWhenEmpty(text: string | undefined): string | undefined {
  return text === '' ? undefined : text;
}

/** A setting read from one environment variable. */
export function variable<Value>(declaration: VariableDeclaration<Value>): Setting<Value> {
  const { name, parse, default: fallback } = declaration;
  return {
    variables: [
      {
        name,
        default: typeof fallback === 'string' ? fallback : fallback.documented,
        description: declaration.description,
        parse,
        secret: declaration.secret ?? false,
      },
    ],
    rules: [],
    read(env) {
      const text = unsetWhenEmpty(env[name]);
      if (text !== undefined) return parse.parse(text);
      return typeof fallback === 'string' ? parse.parse(fallback) : fallback.value(env);
    },
  };
}

/** A setting read from one environment variable, null when it is unset. */
export function optionalVariable<Value>(
  declaration: Omit<VariableDeclaration<Value>, 'default'>,
): Setting<Value | null> {
  return variable<Value | null>({
    ...declaration,
    default: { documented: '(unset)', value: () => null },
  });
}

export interface GroupOptions {
  /** Refuse some of the variables set without the others, naming the first one missing. */
  readonly setTogether?: boolean;
}

/** A setting put together from several others, such as the admin account or the Stripe keys. */
export function group<Members extends Record<string, Setting<unknown>>, Value>(
  members: Members,
  assemble: (values: SettingValues<Members>) => Value,
  options: GroupOptions = {},
): Setting<Value> {
  const settings = Object.values(members);
  const variables = settings.flatMap((member) => member.variables);
  const rules = settings.flatMap((member) => member.rules);
  return {
    variables,
    rules: options.setTogether ? [...rules, setTogether(variables)] : rules,
    read: (env) => assemble(readSettings(members, env)),
  };
}

/**
 * `setting` (one variable) refused unset while the variable `trigger` is set, with `reason`
 * saying why the two go together.
 */
export function neededWith<Value>(
  setting: Setting<Value>,
  trigger: string,
  reason: string,
): Setting<Value> {
  const [own] = setting.variables;
  if (own === undefined || setting.variables.length !== 1) {
    throw new Error('neededWith applies to a setting of one variable');
  }
  const rule: CombinationRule = (values) =>
    values[trigger] !== undefined && values[own.name] === undefined
      ? [{ name: own.name, message: `must be set when ${trigger} is set: ${reason}` }]
      : [];
  return { ...setting, rules: [...setting.rules, rule] };
}

function setTogether(variables: readonly ConfigVariable[]): CombinationRule {
  const names = variables.map((row) => row.name);
  return (values) => {
    const unset = names.filter((name) => values[name] === undefined);
    const [firstUnset] = unset;
    if (firstUnset === undefined || unset.length === names.length) return [];
    return [{ name: firstUnset, message: `${names.join(' and ')} must be set together` }];
  };
}

/** Reads each of `settings` from `env`; only called for an `env` that passed validation. */
export function readSettings<Settings extends Record<string, Setting<unknown>>>(
  settings: Settings,
  env: Env,
): SettingValues<Settings> {
  const values = Object.entries(settings).map(([key, setting]) => [key, setting.read(env)]);
  // Object.fromEntries can only promise a string-keyed record; each key above holds the value
  // its own setting read, which is what SettingValues says.
  return Object.fromEntries(values) as SettingValues<Settings>;
}
