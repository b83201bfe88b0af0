import { createRequire } from "node:module";

/**
 * The most common breached passwords (decisions.md, "Accounts: passwords"): a password in this
 * list is refused at registration, password reset, password change and by the operator CLI.
 *
 * The list is zxcvbn's: @zxcvbn-ts/language-common's `passwords.json`, 49,233 passwords that
 * appear more than ten times in the Xato corpus of ten million leaked passwords (SecLists' source),
 * most common first, lowercased. It ships with the package (plain JSON, MIT) and is read from disk
 * on first use; nothing is fetched at run time. The server holds it, never the web app (its
 * first paint budget is 100 KB): the forms show the server's refusal at the field.
 */
const LIST = "@zxcvbn-ts/language-common/src/passwords.json";

let common: ReadonlySet<string> | undefined;

/** The list as a set, loaded once (about 50 ms and 3 MB of heap, on the first password checked; then under a microsecond a look-up). */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(createRequire(import.meta.url)(LIST) as string[]);
  return common;
}

/**
 * Whether `password` is in the list. Compared case-insensitively, as the list is meant: its
 * entries were lowercased when it was made (one "password" stands for "Password" and "PASSWORD"),
 * so the password is lowercased before the look-up. Nothing else is normalised: "password1!" is
 * not "password1".
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** How many passwords the list holds (for the operator's documentation and the tests). */
export const commonPasswordCount = () => commonPasswords().size;
