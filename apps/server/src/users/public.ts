/**
 * What other features may use of users: finding a user, whether a username or email is free,
 * the time zone kept, and the user as others and as they themselves see it.
 */
export { assertIdentityFree, rethrowIdentityConflict } from "./identity.js";
export { findUserByReferralCode, findUserByUsername, keepFirstTimeZone, selfView, setTimeZone, zoneAsKept } from "./queries.js";
export { NO_REFERRALS, toPublicUser, toSelfUser } from "./serialize.js";
