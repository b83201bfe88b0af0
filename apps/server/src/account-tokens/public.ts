/**
 * What other features may use of account tokens: the one-use links of email verification and
 * password reset, and the verify email queued for an address.
 */
export { findToken, issueToken, retireTokens, useToken } from "./tokens.js";
export { queueVerification } from "./verification.js";
