import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { DomainError, type DomainErrorCode } from "~/utils/domain-error";
import { formError } from "~/utils/form.server";
import { TOKEN_FIELD } from "~/utils/token-link";
import { z } from "~/utils/zod";

// The server half of the token-link pages (app/utils/token-link.ts says what they are).

/**
 * A landing page's form: its token, of the page's shape when it has one (the newsletter's are
 * the service's to check). The bound keeps a forged body from reaching a hash or a query.
 */
export const tokenLinkSchema = (shape?: RegExp) => z.object({ token: shape ? z.string().max(200).regex(shape) : z.string().max(200) });

/** The link's token and what it names, or null for a missing, malformed, stale or forged link. */
export async function readLinkToken<Found>(request: Request, find: (token: string) => Promise<Found | null | false>, shape?: RegExp): Promise<{ token: string; found: Found } | null> {
  const token = new URL(request.url).searchParams.get(TOKEN_FIELD) ?? "";
  if (shape && !shape.test(token)) return null;
  const found = await find(token);
  return found ? { token, found } : null;
}

/**
 * A landing page's data: its token when the link is good (the form posts it back), none
 * otherwise, answered 410 (the link is gone). The reset page answers 200 either way, as it
 * always has (`goneStatus`).
 */
export function tokenLinkPage<Page extends object>(link: { token: string } | null, page: Page, { goneStatus = 410 }: { goneStatus?: number } = {}) {
  return data({ ...page, token: link?.token ?? null }, { status: link ? 200 : goneStatus });
}

/**
 * The token of a landing page's post, validated by the form kit (tokenLinkSchema). A post
 * whose form fails it is refused as the service refuses a stale link (`invalid`, the page's
 * error code): the same status and the same page.
 */
export function postedToken(submission: Submission<{ token?: string }, string[]>, invalid: DomainErrorCode): string {
  if (submission.status !== "success" || submission.value.token === undefined) throw new DomainError(invalid, "malformed link form");
  return submission.value.token;
}

/** A refused link as the form kit's answer (the token is not sent back into the page). */
export function tokenLinkRefused(submission: Submission<unknown, string[]>, error: unknown) {
  return formError(submission, error, { hideFields: [TOKEN_FIELD] });
}
