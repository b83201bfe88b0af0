import { LRUCache } from "lru-cache";
import type { ProfilePage, ProfileSearch } from "@vam/shared";

/**
 * Recent answers of the profile search. Popular searches (the first page, common names and
 * places) repeat constantly; answering them from memory keeps the list fast at any size.
 * This instance clears it on every change to a listing or a listed user; other instances
 * catch up within the time to live.
 */
export class SearchCache {
  private readonly cache: LRUCache<string, ProfilePage> | undefined;

  constructor(ttlSeconds: number) {
    this.cache = ttlSeconds > 0 ? new LRUCache({ max: 2000, ttl: ttlSeconds * 1000 }) : undefined;
  }

  async get(search: ProfileSearch, compute: () => Promise<ProfilePage>): Promise<ProfilePage> {
    if (!this.cache) return compute();
    const key = JSON.stringify([
      search.userName?.toLowerCase(),
      search.location?.toLowerCase(),
      search.skills.map((skill) => skill.toLowerCase()),
      search.date,
      search.slot,
      search.cursor,
      search.limit,
    ]);
    const hit = this.cache.get(key);
    if (hit) return hit;
    const page = await compute();
    this.cache.set(key, page);
    return page;
  }

  clear() {
    this.cache?.clear();
  }
}
