/** `${name}` placeholders; a name is letters, digits and underscores. */
const PLACEHOLDER = /\$\{(\w+)\}/g;

export class UnknownVariableError extends Error {
  constructor(readonly variable: string) {
    super(`Unknown variable "\${${variable}}": set it with a setVariable step first`);
    this.name = 'UnknownVariableError';
  }
}

/** Replaces every `${name}`; an unknown name fails the step rather than sending the literal text to the page. */
export function substitute(text: string, variables: ReadonlyMap<string, string>): string {
  return text.replaceAll(PLACEHOLDER, (_, name: string) => {
    const value = variables.get(name);
    if (value === undefined) throw new UnknownVariableError(name);
    return value;
  });
}
