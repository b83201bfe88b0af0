import { ConfigError } from "../config.js";

/** A refusal or failure to show as is (the CLIs print it and exit 1, without a stack trace). */
export class BackupError extends Error {}

/**
 * Runs a command's work and gives its exit code: 0 when it succeeds, 1 with one line on stderr
 * when it does not (a refusal or a setting as it is, anything else after "The <what> failed:").
 */
export async function exitCodeOf(what: string, work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
    else console.error(`The ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
