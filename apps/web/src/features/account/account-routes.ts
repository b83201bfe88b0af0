import { dataHref, RESEND_VERIFICATION_PATH, DELETE_ACCOUNT_PATH } from "../../lib/data-routes";

/**
 * The account's data routes (their paths under `DATA_ROOT`, as router.tsx declares them; their
 * actions are in account-data.ts): sending the verification link again (the banner, the settings,
 * the verification page) and deleting the account (which signs this browser out: the root loader
 * reads the session again after it, `rootShouldRevalidate`).
 */

export const RESEND_VERIFICATION_ACTION = dataHref(RESEND_VERIFICATION_PATH, {});
export const DELETE_ACCOUNT_ACTION = dataHref(DELETE_ACCOUNT_PATH, {});
/**
 * The deletion's fetcher, shared by the dialog and the signed-in layout. The server ends the
 * account's sessions before it answers (the socket may hear it first), which takes the page away;
 * the layout keeps the write alive meanwhile, so that its answer still leads home.
 */
export const DELETE_ACCOUNT_FETCHER = "delete-account";
