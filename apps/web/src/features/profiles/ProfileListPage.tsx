import { MSG } from "@vam/shared";
import { Link, useLoaderData, useLocation, useNavigation } from "react-router";
import { Spinner } from "../../components/Spinner";
import { SearchBar, SearchFilters } from "../search/public";
import { ProfileResults } from "./ProfileResults";
import type { profileListLoader } from "./profile-list-loader";
import { useDocumentTitle } from "../../lib/useDocumentTitle";

/** A key per first page the loader answered: a new search, or the loader run again after a listing was deleted, starts the list afresh. */
const pageKeys = new WeakMap<object, number>();
let lastKey = 0;
const keyOf = (page: object) => {
  if (!pageKeys.has(page)) pageKeys.set(page, ++lastKey);
  return pageKeys.get(page);
};

export default function ProfileListPage() {
  useDocumentTitle("Find Consultants");
  const { page, search, filtered } = useLoaderData<typeof profileListLoader>();
  const navigation = useNavigation();
  const location = useLocation();
  const searching = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white">Browse Assistants</h1>
          <p className="mt-1 text-slate-400">Skilled professionals ready for your online jobs.</p>
        </div>
        {filtered && (
          <Link to={location.pathname} className="link text-sm">
            Clear search
          </Link>
        )}
      </div>
      <SearchBar>
        <SearchFilters />
      </SearchBar>

      {searching ? (
        <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-400">
          <Spinner className="size-8" />
          <p>Loading profiles...</p>
        </div>
      ) : page === null ? (
        <div role="alert" className="card px-6 py-14 text-center">
          <h2 className="text-xl font-semibold text-white">Error loading profiles</h2>
          <p className="mt-2 text-slate-400">Please try again or contact support if the problem persists.</p>
        </div>
      ) : (
        <>
          {page.ignoredWords.length > 0 && (
            <p role="status" className="rounded-xl border border-amber-400/30 bg-amber-400/10 px-4 py-3 text-sm text-amber-100">
              {MSG.searchIgnoredWords(page.ignoredWords)}
            </p>
          )}
          <ProfileResults key={keyOf(page)} first={page} search={search} />
        </>
      )}
    </div>
  );
}
