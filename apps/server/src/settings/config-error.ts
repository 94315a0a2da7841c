/** A setting the server cannot start with; its message names the variable, never a secret. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
