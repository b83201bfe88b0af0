/**
 * What other features may use of email: the outbox, the layout and links every email uses, the
 * account emails, and the kinds of email a user switched off.
 */
export { resetPasswordEmail, verifyEmailEmail } from "./account-emails.js";
export { renderEmail } from "./layout.js";
export { siteUrl, unsubscribeLinks } from "./links.js";
export { type OutgoingEmail, queueEmails } from "./outbox.js";
export { setEmailKinds } from "./repository.js";
