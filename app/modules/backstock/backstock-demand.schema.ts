// /atelier/backstock's query string: the sort and the page. Anything unusable falls back to the
// default (most waiting first, page 1), never an error: a list's URL is typed and shared by people.

export const DEMAND_SORTS = ["waiting", "oldest", "stock"] as const;
export type DemandSort = (typeof DEMAND_SORTS)[number];

/** Pages past this are no page anyone browses to. */
const MAX_PAGE = 10_000;

export interface DemandQuery {
  sort: DemandSort;
  page: number;
}

export function parseDemandQuery(params: URLSearchParams): DemandQuery {
  const sort = params.get("sort");
  const page = Number(params.get("page"));
  return {
    sort: (DEMAND_SORTS as readonly string[]).includes(sort ?? "") ? (sort as DemandSort) : "waiting",
    page: Number.isSafeInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}
