import { CONFIG_SETTINGS } from './settings.ts';
import { readSettings, type Env, type SettingValues } from './setting.ts';
import { configProblems } from './validate.ts';

/** The server's settings, one property per entry of CONFIG_SETTINGS. */
export type Config = SettingValues<typeof CONFIG_SETTINGS>;

/**
 * The exit code of a wrong setting (sysexits.h EX_CONFIG): scripts/start.mjs restarts a server
 * that died, but starting again cannot mend a setting.
 */
export const EXIT_CONFIG = 78;

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads every setting from `env`, applying laptop defaults; throws ConfigError on bad values. */
export function loadConfig(env: Env = process.env): Readonly<Config> {
  const problems = configProblems(Object.values(CONFIG_SETTINGS), env);
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(readSettings(CONFIG_SETTINGS, env));
}
