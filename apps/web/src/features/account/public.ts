/**
 * What other features may use of `account` (docs/decisions/0012-feature-boundaries.md): everything
 * else in this folder is its own. The lint configuration refuses imports that go around it.
 */
export { DELETE_ACCOUNT_ACTION, DELETE_ACCOUNT_FETCHER } from "./account-routes";
export { VerifyEmailNotice } from "./VerifyEmailNotice";
