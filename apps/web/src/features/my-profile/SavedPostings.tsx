import type { Posting } from "@vam/shared";
import { Link } from "react-router";
import { PostingCard } from "../postings/public";
import { CardSection } from "../../components/CardSection";
import { pageHref, PROFILE_LIST_PAGE } from "../../lib/page-routes";

export function SavedPostings({ saved }: { saved: Posting[] }) {
  return (
    <CardSection title="Saved">
      {saved.length === 0 ? (
        <p className="text-sm text-slate-400">
          Nothing saved yet. Use &lsquo;Save the Place&rsquo; on a posting to keep it here.{" "}
          <Link to={pageHref(PROFILE_LIST_PAGE, {})} className="link">
            Browse assistants
          </Link>
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {saved.map((posting) => (
            <li key={posting.id} className="flex [&>article]:w-full">
              <PostingCard posting={posting} />
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
