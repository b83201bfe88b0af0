import type { PayoutDestination } from "@vam/shared";
import { Link } from "react-router";
import { destinationLines } from "./money-format";

/** A payee (or a refund's client): their name, to their console page when they still have an account. */
export function PayeeCell({ id, name, email }: { id: string | null; name: string; email?: string | null }) {
  return (
    <span className="flex min-w-0 flex-col">
      {id ? (
        <Link to={`/admin/users/${encodeURIComponent(id)}`} className="link break-words">
          {name}
        </Link>
      ) : (
        <span className="break-words">{name}</span>
      )}
      {email && <span className="text-xs font-normal wrap-anywhere text-slate-400">{email}</span>}
    </span>
  );
}

/** Where the money goes: the method (and bank), the account name and its number. */
export function DestinationCell({ destination }: { destination: PayoutDestination }) {
  const { method, name, number } = destinationLines(destination);
  return (
    <span className="flex min-w-0 flex-col">
      <span>{method}</span>
      <span className="break-words">{name}</span>
      <span className="font-mono text-xs wrap-anywhere text-slate-300">{number}</span>
    </span>
  );
}
