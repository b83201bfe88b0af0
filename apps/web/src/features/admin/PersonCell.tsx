import type { AdminPerson } from "@vam/shared";
import { Link } from "react-router";
import { personName } from "./admin-format";

/** A party of a booking: name (to their console page) and username. */
export function PersonCell({ person }: { person: AdminPerson }) {
  return (
    <span className="flex min-w-0 flex-col">
      <Link to={`/admin/users/${person.id}`} className="link break-words">
        {personName(person)}
      </Link>
      <span className="text-xs wrap-anywhere text-slate-400">@{person.username}</span>
    </span>
  );
}
