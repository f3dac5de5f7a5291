/** Raised when the environment does not describe a runnable service; lists every problem at once. */
export class ConfigError extends Error {
  readonly problems: readonly string[]

  constructor(problems: readonly string[]) {
    super(problems.join('; '))
    this.name = 'ConfigError'
    this.problems = problems
  }
}
