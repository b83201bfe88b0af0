import type { ProfilePage } from "@vam/shared";
import type { LoaderFunctionArgs } from "react-router";
import { fetchProfilePage } from "./profiles-api";
import { isFiltered, searchFromUrl, type ProfileSearch } from "../search/public";

interface ProfileListData {
  search: ProfileSearch;
  filtered: boolean;
  /** The first page of results; null when loading failed. */
  page: ProfilePage | null;
}

export async function profileListLoader({ request }: LoaderFunctionArgs): Promise<ProfileListData> {
  const search = searchFromUrl(new URL(request.url).searchParams);
  let page: ProfilePage | null = null;
  try {
    page = await fetchProfilePage(search);
  } catch {
    // Logged by the API client; the page shows the error texts.
  }
  return { search, filtered: isFiltered(search), page };
}
