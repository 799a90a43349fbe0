import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** parseArgs' own wording, shortened to the one line a command prints above its usage. */
function shortMessage(error: unknown): string {
  const { code, message } = error as { code?: string; message: string };
  const quoted = /'(-{1,2}[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${quoted}`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return `unexpected argument "${/'([^']*)'/.exec(message)?.[1]}"`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return message.includes('does not take an argument')
      ? `${quoted} takes no value`
      : `${quoted} needs a value`;
  throw error;
}

/**
 * Every command's arguments go through node:util parseArgs, strict: an unknown option, a missing value
 * or a stray argument is a usage error. `--name value` and `--name=value` both work.
 */
export function parseCommandArgs<O extends Options, P extends boolean = false>(
  args: string[],
  options: O,
  allowPositionals?: P,
) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: allowPositionals ?? false });
  } catch (error) {
    return shortMessage(error);
  }
}

/** `name: what went wrong` and the command's usage, on stderr; the exit code of a usage error. */
export function usageError(name: string, problem: string, ...usage: string[]): 1 {
  console.error(`${name}: ${problem}`);
  console.error(`Usage: ${usage.map((u) => `npm run cli -- ${u}`).join('\n       ')}`);
  return 1;
}
