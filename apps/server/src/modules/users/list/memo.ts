import type { UserListFilter, UserListOrder } from './sql-repository';

/**
 * Small memories of the users list, each entry tagged with the users_list_version it was computed
 * at. A statement trigger bumps that version on every write to users, and every page reads the
 * current version in its own statement: an entry is used only while nothing changed since, so what
 * it answers is exact, and coherent across instances (no time-based staleness).
 */
class VersionedMemo<T> {
  private readonly entries = new Map<string, { version: string; value: T }>();
  constructor(private readonly maxEntries: number) {}

  get(key: string) {
    return this.entries.get(key);
  }

  set(key: string, version: string, value: T) {
    this.entries.delete(key);
    // Map keeps insertion order: the first key is the least recently stored.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { version, value });
  }

  delete(key: string) {
    this.entries.delete(key);
  }
}

const filterKey = (filter: UserListFilter) => `${filter.blocked ? 1 : 0}:${filter.search ?? ''}`;
const orderKey = (filter: UserListFilter, order: UserListOrder) =>
  `${order.column}:${order.direction}:${filterKey(filter)}`;

/**
 * Totals per filter. Counting is most of the cost of a page: a one-letter search matches nearly
 * every user and cannot use the trigram index (trigrams need 3 characters), so its count reads all
 * 100,000 rows (~30 ms); even the unfiltered total costs ~10 ms. Paging through one list asks for
 * the same total again and again; it is counted once per change of the users table.
 */
export class UserCountMemo {
  private readonly memo = new VersionedMemo<number>(1_000);
  get = (filter: UserListFilter) => this.memo.get(filterKey(filter));
  set = (filter: UserListFilter, version: string, total: number) =>
    this.memo.set(filterKey(filter), version, total);
}

/** Rows between two remembered keys. A deep page skips at most this many index entries. */
export const SEEK_STRIDE = 1_000;

/**
 * Ids of every SEEK_STRIDE-th row per filter and order, so page 3000 starts just after row 74,000
 * (an index range) and skips 975 entries instead of 74,975 (OFFSET walks every skipped entry:
 * ~7 ms at 100,000 users). Made by one pass the first time a deep page of that list is asked for;
 * used only together with a version check (see listUsers).
 */
export class PageSeekMemo {
  private readonly memo = new VersionedMemo<number[]>(200);
  constructor(readonly stride = SEEK_STRIDE) {}
  get = (filter: UserListFilter, order: UserListOrder) => this.memo.get(orderKey(filter, order));
  set = (filter: UserListFilter, order: UserListOrder, version: string, ids: number[]) =>
    this.memo.set(orderKey(filter, order), version, ids);
  delete = (filter: UserListFilter, order: UserListOrder) => this.memo.delete(orderKey(filter, order));

  /** Where to start for `offset`: after the nearest remembered row at or before it, if any. */
  seekFor(ids: number[], offset: number) {
    const index = Math.min(Math.floor(offset / this.stride), ids.length) - 1;
    if (index < 0) return undefined;
    return { afterId: ids[index]!, offset: offset - (index + 1) * this.stride };
  }
}
