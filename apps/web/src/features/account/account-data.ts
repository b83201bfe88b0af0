import {
  MSG,
  changePasswordSchema,
  deleteAccountSchema,
  emailKindSchema,
  id,
  payoutAccountInputSchema,
  timeZoneSettingSchema,
  type AccountSession,
  type EmailSettings,
  type PayoutAccountView,
  type SelfUser,
} from "@vam/shared";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { clearSession, readToken } from "../../api/session-storage";
import { attempt, type ActionResult } from "../../lib/actions";
import { jsonBody } from "../../lib/json-body";
import type { Result } from "../../lib/result";
import { verifySession } from "../auth/public";
import {
  changePassword,
  deleteAccount,
  endSession,
  fetchEmailSettings,
  fetchPayoutAccount,
  fetchSessions,
  readUnsubscribeLink,
  resendVerification,
  saveEmailSetting,
  savePayoutAccount,
  saveTimeZone,
  signOutOthers,
  switchEmailKind,
  verifyEmail,
  type UnsubscribeLink,
} from "./account-api";

/**
 * /settings: the signed-in devices, the email settings and the payout account, each or why it
 * could not be read (said where it goes; the rest of the page still works).
 */
export async function settingsLoader(): Promise<{
  sessions: Result<AccountSession[]>;
  emailSettings: Result<EmailSettings>;
  payoutAccount: Result<PayoutAccountView | null>;
}> {
  const [sessions, emailSettings, payoutAccount] = await Promise.all([
    attempt(fetchSessions, MSG.devicesLoadFailed),
    attempt(fetchEmailSettings, MSG.emailSettingsLoadFailed),
    attempt(fetchPayoutAccount, MSG.payoutAccountLoadFailed),
  ]);
  return { sessions, emailSettings, payoutAccount };
}

const settingsChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("password"), input: changePasswordSchema }),
  z.object({ intent: z.literal("signOut"), id: id(MSG.sessionNotFound) }),
  z.object({ intent: z.literal("signOutOthers") }),
  z.object({ intent: z.literal("email"), kind: emailKindSchema, on: z.boolean() }),
  z.object({ intent: z.literal("payoutAccount"), input: payoutAccountInputSchema }),
  timeZoneSettingSchema.extend({ intent: z.literal("timeZone") }),
]);
export type SettingsChange = z.input<typeof settingsChangeSchema>;

/** A time zone saved in Settings: the server's words, and the signed-in user with it (for the session). */
export interface TimeZoneSaved {
  message: string;
  user: SelfUser;
}

/**
 * /settings' action (decision 0004): changes the password, the payout account or the time zone (a
 * refusal is shown at its field; the payout and time zone forms say their success themselves),
 * signs a device or every other one out, switches a kind of email on or off. Successes, and
 * refusals no form shows, are toasts; React Router then reads the page's loader again (the
 * devices, the switches, the payout account).
 */
export async function settingsAction({ request }: ActionFunctionArgs): Promise<ActionResult<string> | ActionResult<TimeZoneSaved>> {
  const body = await jsonBody(request, settingsChangeSchema);
  if (!body.ok) return body;
  const change = body.data;
  let result: ActionResult<string>;
  switch (change.intent) {
    case "timeZone":
      // The section puts the answer's user into the session (every page then shows times in the new zone).
      return attempt(() => saveTimeZone(change.timeZone), MSG.serverError);
    case "password":
      result = await attempt(() => changePassword(change.input), MSG.serverError);
      if (result.ok) toast.success(result.data);
      return result;
    case "payoutAccount":
      // The form shows the answer in its status line (the server's words: saved, or nothing changed).
      return attempt(async () => (await savePayoutAccount(change.input)).message, MSG.serverError);
    case "signOut":
      result = await attempt(() => endSession(change.id), MSG.serverError);
      break;
    case "signOutOthers":
      result = await attempt(signOutOthers, MSG.serverError);
      break;
    case "email":
      result = await attempt(async () => (await saveEmailSetting(change.kind, change.on)).message, MSG.serverError);
      break;
  }
  return toasted(result);
}

/** Says how a write went in a toast (wherever its button was), and answers it. */
function toasted(result: ActionResult<string>) {
  if (result.ok) toast.success(result.data);
  else toast.error(result.message);
  return result;
}

/** The verification link's data route: sends it again and says so (a toast, wherever the button was). */
export async function resendVerificationAction(): Promise<ActionResult<string>> {
  return toasted(await attempt(resendVerification, MSG.serverError));
}

/**
 * The account deletion's data route: erases the account; this browser is then signed out (the
 * root loader reads the emptied session again) and goes home. A refusal (a wrong password, upcoming
 * bookings listed in `details.upcomingBookings`) stays in the dialog.
 */
export async function deleteAccountAction({ request }: ActionFunctionArgs): Promise<ActionResult<string> | Response> {
  const body = await jsonBody(request, deleteAccountSchema);
  if (!body.ok) return body;
  const result = await attempt(() => deleteAccount(body.data), MSG.serverError);
  if (!result.ok) return result;
  clearSession();
  toast.success(MSG.accountDeleted);
  return redirect("/home");
}

export interface Verified {
  message: string;
  /** The signed-in user's details as they are now (verified), when someone is signed in here. */
  user: SelfUser | null;
}

/**
 * /verify-email?token=...: uses the emailed link once, as the page opens (its route reads it again
 * only for another link). Signed in, the session's user is read again, verified.
 */
export async function verifyEmailLoader({ request }: LoaderFunctionArgs): Promise<Result<Verified>> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token) return { ok: false, status: 400, message: MSG.verifyTokenInvalid };
  return attempt(async () => {
    const { message } = await verifyEmail(token);
    const user = readToken() ? await verifySession().catch(() => null) : null;
    return { message, user };
  }, MSG.serverError);
}

/** The emailed unsubscribe link's query, or null when a part is missing. */
function unsubscribeLinkOf(url: string): UnsubscribeLink | null {
  const query = new URL(url).searchParams;
  const [u, k, t] = [query.get("u"), query.get("k"), query.get("t")];
  return u && k && t ? { u, k, t } : null;
}

export interface EmailSwitched {
  message: string;
  /** Whether that kind of email is sent now. */
  on: boolean;
}

const switched = async (link: UnsubscribeLink | null, on: boolean): Promise<Result<EmailSwitched>> => {
  if (!link) return { ok: false, status: 400, message: MSG.unsubscribeInvalid };
  return attempt(async () => ({ message: (await switchEmailKind(link, on)).message, on }), MSG.serverError);
};

/**
 * /unsubscribe?u=&k=&t=: only reads the link (a GET: opening the page, as a mail scanner may, stops
 * nothing) and asks to confirm, or says that kind is off already (its route reads it again only for another link).
 */
export async function unsubscribeLoader({ request }: LoaderFunctionArgs): Promise<Result<EmailSwitched>> {
  const link = unsubscribeLinkOf(request.url);
  if (!link) return { ok: false, status: 400, message: MSG.unsubscribeInvalid };
  return attempt(async () => {
    const { label, on } = await readUnsubscribeLink(link);
    return { message: on ? MSG.unsubscribeAsk(label) : MSG.unsubscribed(label), on };
  }, MSG.serverError);
}

/** /unsubscribe's action: the page's button stops that kind (`on: false`), or turns it back on (`on: true`). */
export async function unsubscribeAction({ request }: ActionFunctionArgs): Promise<Result<EmailSwitched>> {
  const body = await jsonBody(request, z.object({ on: z.boolean() }));
  if (!body.ok) return body;
  return switched(unsubscribeLinkOf(request.url), body.data.on);
}
