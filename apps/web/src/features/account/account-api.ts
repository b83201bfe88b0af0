import type {
  AccountSession,
  ChangePasswordInput,
  DeleteAccountInput,
  EmailKind,
  EmailSettings,
  PayoutAccountInput,
  PayoutAccountView,
  SelfUser,
  UnsubscribeLinkState,
} from "@vam/shared";
import { api } from "../../api/client";

/** `POST /auth/verify-email`: the emailed link's token; answers the server's words and the verified address. */
export const verifyEmail = (token: string) => api.post<{ message: string; email: string }>("/auth/verify-email", { token });

/** `POST /account/verify-email/resend`: the link again, to the address waiting to be verified; answers the server's words. */
export const resendVerification = async () => (await api.post<{ message: string }>("/account/verify-email/resend")).message;

/** `PUT /account/password`: every other session of the account ends; answers the server's words. */
export const changePassword = async (input: ChangePasswordInput) => (await api.put<{ message: string }>("/account/password", input)).message;

/** `GET /account/sessions`: the account's signed-in devices. */
export const fetchSessions = async () => (await api.get<{ sessions: AccountSession[] }>("/account/sessions")).sessions;

/** `DELETE /account/sessions/{id}`: signs one device out. */
export const endSession = async (id: string) => (await api.delete<{ message: string }>(`/account/sessions/${encodeURIComponent(id)}`)).message;

/** `POST /account/sessions/sign-out-others`: signs out every device but this one. */
export const signOutOthers = async () => (await api.post<{ message: string }>("/account/sessions/sign-out-others")).message;

/** `GET /account/email-settings`: which emails the account gets. */
export const fetchEmailSettings = async () => (await api.get<{ settings: EmailSettings }>("/account/email-settings")).settings;

/** `PUT /account/email-settings` with one kind switched on or off. */
export const saveEmailSetting = (kind: EmailKind, on: boolean) =>
  api.put<{ settings: EmailSettings; message: string }>("/account/email-settings", { [kind]: on });

/** `GET /account/payout-account`: where the account's money is sent (the number's last 4 digits), or null until set. */
export const fetchPayoutAccount = async () => (await api.get<{ payoutAccount: PayoutAccountView | null }>("/account/payout-account")).payoutAccount;

/** `PUT /account/payout-account`: sets or changes it; answers it as saved and the server's words (saved, or nothing changed). */
export const savePayoutAccount = (input: PayoutAccountInput) =>
  api.put<{ payoutAccount: PayoutAccountView; message: string }>("/account/payout-account", input);

/** `PUT /account/time-zone`: the account's own zone (IANA); answers the signed-in user with it, and the server's words. */
export const saveTimeZone = (timeZone: string) => api.put<{ user: SelfUser; message: string }>("/account/time-zone", { timeZone });

/** The query of an emailed unsubscribe link (`u`ser, `k`ind, `t`oken), passed on as it came: the server checks it. */
export interface UnsubscribeLink {
  u: string;
  k: string;
  t: string;
}

/** `GET /email/unsubscribe`: what the link is about and whether that kind is sent now; changes nothing. */
export const readUnsubscribeLink = (link: UnsubscribeLink) =>
  api.get<UnsubscribeLinkState>(`/email/unsubscribe?${new URLSearchParams({ ...link }).toString()}`);

/** `POST /email/unsubscribe` or `/email/resubscribe` (no sign-in: the link's signature is the proof). */
export const switchEmailKind = (link: UnsubscribeLink, on: boolean) =>
  api.post<{ message: string; kind: EmailKind; label: string }>(
    `/email/${on ? "resubscribe" : "unsubscribe"}?${new URLSearchParams({ ...link }).toString()}`,
  );

/** `POST /account/delete`: erases the account; refused with the upcoming bookings to cancel first. */
export const deleteAccount = async (input: DeleteAccountInput) => (await api.post<{ message: string }>("/account/delete", input)).message;

/**
 * Saves everything the account holds (`GET /account/export`, JSON) as a file. The request carries
 * the bearer header, which a plain link could not: the answer is saved through an object URL.
 */
export async function downloadAccountData(user: Pick<SelfUser, "username">) {
  const { blob, fileName } = await api.file("/account/export");
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName ?? `va-marketplace-data-${user.username}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
