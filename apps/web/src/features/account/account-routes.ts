/**
 * The account's data routes (declared with the others in router.tsx's `/data` branch; their actions
 * are in account-data.ts): sending the verification link again (the banner, the settings, the
 * verification page) and deleting the account (which signs this browser out: the root loader reads
 * the session again after it, `rootShouldRevalidate`).
 */
export const RESEND_VERIFICATION_ACTION = "/data/account/verification";
export const DELETE_ACCOUNT_ACTION = "/data/account/delete";
/**
 * The deletion's fetcher, shared by the dialog and the signed-in layout. The server ends the
 * account's sessions before it answers (the socket may hear it first), which takes the page away;
 * the layout keeps the write alive meanwhile, so that its answer still leads home.
 */
export const DELETE_ACCOUNT_FETCHER = "delete-account";
