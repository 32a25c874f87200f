import type { NewsletterStatus } from "~/db/schema";
import { isLocale } from "~/utils/locale";

// The query and ids of Atelier's newsletter and applications pages (helper h-leftbehind's
// "what shoppers leave behind"). A value that is not one of the expected ones falls back to the
// unfiltered list or the first page, calmly; a forged id is a 404.

export const INBOX_PAGE_SIZE = 50;

const STATUSES: readonly NewsletterStatus[] = ["pending", "confirmed", "unsubscribed"];

function pageOf(params: URLSearchParams): number {
  const raw = params.get("page") ?? "";
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return page >= 1 ? page : 1;
}

/** The newsletter list's filters: language, state, page. */
export function newsletterQuery(url: URL) {
  const lang = url.searchParams.get("lang");
  const status = url.searchParams.get("status");
  return {
    filter: { locale: isLocale(lang) ? lang : undefined, status: STATUSES.find((s) => s === status) },
    page: pageOf(url.searchParams),
  };
}

export type ApplicationState = "waiting" | "handled";

/** The applications list's filters: handled or not, page. */
export function applicationsQuery(url: URL) {
  const raw = url.searchParams.get("state");
  const state: ApplicationState | undefined = raw === "waiting" || raw === "handled" ? raw : undefined;
  return { state, filter: { handled: state === undefined ? undefined : state === "handled" }, page: pageOf(url.searchParams) };
}

