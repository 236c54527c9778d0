// The server's configuration. Each environment variable is declared once, in
// config/settings.ts; loading, the Config type, error messages and the README table follow from it.
export { ConfigError, EXIT_CONFIG, loadConfig, type Config } from './config/load.ts';
export { parseSecretKey } from './config/parsers.ts';
export {
  CONFIG_TABLE_MARKERS,
  configTableMarkdown,
  readmeConfigTable,
} from './config/readme-table.ts';
export { CONFIG_VARIABLES } from './config/settings.ts';
