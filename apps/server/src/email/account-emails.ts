import { RESET_TOKEN_HOURS, VERIFY_TOKEN_HOURS } from "@vam/shared";
import { renderEmail } from "./layout.js";
import type { OutgoingEmail } from "./outbox.js";

interface Person {
  id: string;
  firstName: string;
}

/** The password reset link (always sent: it cannot be switched off). */
export function resetPasswordEmail(base: string, user: Person & { email: string }, token: string): OutgoingEmail {
  const url = `${base}/reset-password?token=${token}`;
  return {
    userId: user.id,
    to: user.email,
    kind: "reset",
    ...renderEmail({
      subject: "Reset your VA Marketplace password",
      greeting: `Hi ${user.firstName},`,
      paragraphs: [
        "Someone asked to reset the password of your VA Marketplace account. If it was you, set a new password with the link below.",
        `The link works once, for ${RESET_TOKEN_HOURS} hour. Setting a new password signs your account out on every device.`,
      ],
      action: { label: "Set a new password", url },
      footer: ["If you did not ask for this, you can ignore this email: your password stays as it is."],
    }),
  };
}

/** The link that verifies `address` (the account's, or a new one waiting to replace it). */
export function verifyEmailEmail(base: string, user: Person, address: string, token: string, change: boolean): OutgoingEmail {
  const url = `${base}/verify-email?token=${token}`;
  return {
    userId: user.id,
    to: address,
    kind: "verify",
    ...renderEmail({
      subject: change ? "Confirm your new email address" : "Verify your email address",
      greeting: `Hi ${user.firstName},`,
      paragraphs: [
        change
          ? `Please confirm that ${address} is the new address of your VA Marketplace account. Your old address stays until you do.`
          : `Welcome to VA Marketplace! Please confirm that ${address} is your email address.`,
        `The link works for ${VERIFY_TOKEN_HOURS / 24} days.`,
      ],
      action: { label: change ? "Confirm my new address" : "Verify my email", url },
      footer: ["If you did not create an account or change your address, you can ignore this email."],
    }),
  };
}
