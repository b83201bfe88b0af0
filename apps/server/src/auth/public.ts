/**
 * What other features may use of auth: the password rules and hashes (the account's own
 * password change). Sessions and the signed-in user are ground code, in `session/`.
 */
export { isCommonPassword } from "./common-passwords.js";
export { hashPassword, verifyPassword } from "./passwords.js";
