import type { Earnings, PayoutAccountView } from "@vam/shared";
import { readToken } from "../../api/session-storage";
import { fetchEarnings, fetchPayoutAccount } from "./earnings-api";

export interface EarningsPageData {
  earnings: Earnings;
  /** null: none set yet (the page asks for one); undefined: it could not be read (the page says nothing of it). */
  payoutAccount: PayoutAccountView | null | undefined;
}

const EMPTY: Earnings = {
  pendingCentavos: 0,
  availableCentavos: 0,
  sendingCentavos: 0,
  paidOutCentavos: 0,
  payoutMinimumCentavos: 0,
  statementMonths: [],
  lines: [],
  pending: [],
};

async function loadEarnings(): Promise<EarningsPageData> {
  // Signed out: the protected layout sends the visitor to /login; nothing to ask the server.
  if (!readToken()) return { earnings: EMPTY, payoutAccount: undefined };
  const [earnings, payoutAccount] = await Promise.all([fetchEarnings(), fetchPayoutAccount().catch(() => undefined)]);
  return { earnings, payoutAccount };
}

/** /earnings: deferred, so that the page renders at once ("Loading earnings..."); a rejection is its error state. */
export function earningsLoader(): { data: Promise<EarningsPageData> } {
  const data = loadEarnings();
  // Await reports the rejection; this keeps it from also counting as unhandled meanwhile.
  data.catch(() => undefined);
  return { data };
}
