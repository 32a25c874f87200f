import type { Kysely } from "kysely";
import type { Database, Locale } from "~/db/schema";
import { type AuditActor, recordAudit } from "~/modules/audit/audit.service.server";
import { bumpShopRevision, cachedShopRead } from "~/modules/base/revision-cache.server";
import { shippingRuleAt } from "~/modules/promotion/promotion.service.server";
import { withDateArticles } from "~/utils/date-article";
import { formatLongDate } from "~/utils/dates";
import { serverText } from "~/i18n/texts.server";
import { formatMoney } from "~/utils/money";
import { DEFAULT_BANNER_COLOURS } from "./banner-colours";
import { DomainError } from "~/utils/domain-error";
import { romeDayEnd, romeDayStart, romeDayOf, romeLastDay } from "~/utils/rome-time";
import type { BannerMessageInput, ClosureInput } from "./banner.schema";
import * as repo from "./banner.repository.server";

// The banner above the header (spec §1: rotating global messages, one static when alone) and
// the closure notices (spec §9), run from Atelier. Every write records its audit entry and
// raises the shop's revision in one transaction; the storefront reads the rows through the
// revision cache and keeps those whose dates hold now, so a message starts and ends on time
// without anyone saving anything.

/** A message as Atelier edits it: days in Italy, the end day inclusive. */
export interface BannerMessage {
  id: number;
  position: number;
  textIt: string;
  textEn: string;
  linkIt: string | null;
  linkEn: string | null;
  background: string;
  color: string;
  startsOn: string | null;
  endsOn: string | null;
}

export interface ClosureNotice {
  id: number;
  startsOn: string;
  endsOn: string;
  /** YYYY-MM-DD in Italy. */
  shipsFrom: string;
  textIt: string;
  textEn: string;
}

/** What the storefront's banner shows now, in one language. */
export interface BannerView {
  messages: Array<{ id: number; text: string; link: string | null; background: string; color: string }>;
  /** The closure notice in force, shown first: the owner's text and the day orders ship from. */
  closure: {
    text: string;
    shipsFrom: string;
    /** The day orders ship from, written out in the page's language ("12 novembre 2026"): the date's words stay off the browser's shell. */
    shipsFromLabel: string;
    /** The whole notice as the banner shows it: the owner's text and the day orders ship from ("… · spediti dall'11 dicembre 2026"). */
    line: string;
  } | null;
}

/** A closure at checkout: both languages, the page picks one. */
export interface ActiveClosure {
  textIt: string;
  textEn: string;
  shipsFrom: string;
}

function toMessage(row: repo.BannerMessageRow): BannerMessage {
  return {
    id: row.id,
    position: row.position,
    textIt: row.text_it,
    textEn: row.text_en,
    linkIt: row.link_it,
    linkEn: row.link_en,
    background: row.background,
    color: row.color,
    startsOn: row.starts_at ? romeDayOf(row.starts_at) : null,
    endsOn: row.ends_at ? romeLastDay(row.ends_at) : null,
  };
}

function toClosure(row: repo.ClosureRow): ClosureNotice {
  return { id: row.id, startsOn: romeDayOf(row.starts_at), endsOn: romeLastDay(row.ends_at), shipsFrom: row.ships_from, textIt: row.text_it, textEn: row.text_en };
}

/** The audit's view of a message: what the owner typed. */
const auditedMessage = (m: Omit<BannerMessage, "id" | "position">) => ({ ...m });

/** Whether [starts, ends) holds the instant (ISO strings of one format compare as text; rows may come as other ISO forms, so as times). */
function runs(startsAt: string | null, endsAt: string | null, now: Date): boolean {
  const t = now.getTime();
  return (startsAt === null || new Date(startsAt).getTime() <= t) && (endsAt === null || t < new Date(endsAt).getTime());
}

// ---- The storefront ----

async function bannerRows(db: Kysely<Database>, revision?: string) {
  return cachedShopRead(db, "banner", async () => ({ messages: await repo.listMessageRows(db), closures: await repo.listClosureRows(db) }), { revision });
}

/** The ids of the banner's messages that are not the owner's (theirs count from 1): the closure notice and a dated free-shipping promotion. */
export const CLOSURE_MESSAGE_ID = -1;
export const PROMOTION_MESSAGE_ID = 0;

/**
 * The banner now, in a language: the closure notice in force (if any), then the dated
 * free-shipping promotion that runs (announced with its threshold and last day, linking to the
 * shipping page), then the messages whose dates hold.
 */
export async function activeBanner(db: Kysely<Database>, locale: Locale, now = new Date(), options: { revision?: string } = {}): Promise<BannerView> {
  const [{ messages, closures }, shipping] = await Promise.all([bannerRows(db, options.revision), shippingRuleAt(db, now, { revision: options.revision })]);
  const closure = closures.find((row) => runs(row.starts_at, row.ends_at, now));
  const longDate = (day: string) => formatLongDate(`${day}T12:00:00Z`, locale);
  const promotion = shipping.promotion
    ? [
        {
          id: PROMOTION_MESSAGE_ID,
          text: withDateArticles(serverText(locale, "banner.freeShipping", { amount: formatMoney(shipping.promotion.thresholdCents, locale), date: longDate(shipping.promotion.endsOn) })),
          link: locale === "it" ? "/pages/Shipping" : "/en/pages/Shipping",
          ...DEFAULT_BANNER_COLOURS,
        },
      ]
    : [];
  const closureText = closure ? (locale === "it" ? closure.text_it : closure.text_en) : "";
  const closureLine = closure ? withDateArticles(`${closureText} · ${serverText(locale, "banner.shipsFrom", { date: longDate(closure.ships_from) })}`) : "";
  return {
    // As the banner shows them (and /api/settings lists them): the closure notice first, in the
    // shop's ink and ivory, then the promotion, then the owner's messages whose dates hold.
    messages: [
      ...(closure ? [{ id: CLOSURE_MESSAGE_ID, text: closureLine, link: null, ...DEFAULT_BANNER_COLOURS }] : []),
      ...promotion,
      ...messages
        .filter((row) => runs(row.starts_at, row.ends_at, now))
        .map((row) => ({
          id: row.id,
          text: locale === "it" ? row.text_it : row.text_en,
          link: locale === "it" ? row.link_it : row.link_en,
          background: row.background,
          color: row.color,
        })),
    ],
    closure: closure
      ? {
          text: closureText,
          shipsFrom: closure.ships_from,
          shipsFromLabel: longDate(closure.ships_from),
          line: closureLine,
        }
      : null,
  };
}

/** The closure notice in force now, for the checkout; null when the shop ships as usual. */
export async function activeClosure(db: Kysely<Database>, now = new Date()): Promise<ActiveClosure | null> {
  const { closures } = await bannerRows(db);
  const row = closures.find((c) => runs(c.starts_at, c.ends_at, now));
  return row ? { textIt: row.text_it, textEn: row.text_en, shipsFrom: row.ships_from } : null;
}

// ---- Atelier: messages ----

export async function listBannerMessages(db: Kysely<Database>): Promise<BannerMessage[]> {
  return (await repo.listMessageRows(db)).map(toMessage);
}

export async function getBannerMessage(db: Kysely<Database>, id: number): Promise<BannerMessage | null> {
  const row = await repo.findMessageRow(db, id);
  return row ? toMessage(row) : null;
}

const notFound = () => new DomainError("BANNER_MESSAGE_NOT_FOUND");

/** Creates a message at the end of the banner, or changes one (`id`); returns its id. */
export async function saveBannerMessage(
  db: Kysely<Database>,
  { id, input, actor, now = new Date() }: { id?: number; input: BannerMessageInput; actor: AuditActor; now?: Date },
): Promise<number> {
  const at = now.toISOString();
  const values = {
    text_it: input.textIt,
    text_en: input.textEn,
    link_it: input.linkIt,
    link_en: input.linkEn,
    background: input.background,
    color: input.color,
    starts_at: input.startsOn ? romeDayStart(input.startsOn) : null,
    ends_at: input.endsOn ? romeDayEnd(input.endsOn) : null,
    updated_at: at,
  };
  const after = auditedMessage({ ...input });
  return db.transaction().execute(async (trx) => {
    if (id === undefined) {
      const newId = await repo.insertMessageRow(trx, { ...values, position: await repo.nextMessagePosition(trx), created_at: at });
      await recordAudit(trx, { actor, action: "banner.create", entityType: "banner-message", entityId: newId, after, summary: input.textIt, at: now });
      await bumpShopRevision(trx);
      return newId;
    }
    const row = await repo.findMessageRow(trx, id);
    if (!row) throw notFound();
    const { id: _id, position: _position, ...before } = toMessage(row);
    await repo.updateMessageRow(trx, id, values);
    await recordAudit(trx, { actor, action: "banner.update", entityType: "banner-message", entityId: id, before: auditedMessage(before), after, summary: input.textIt, at: now });
    await bumpShopRevision(trx);
    return id;
  });
}

export async function deleteBannerMessage(db: Kysely<Database>, { id, actor, now = new Date() }: { id: number; actor: AuditActor; now?: Date }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findMessageRow(trx, id);
    if (!row) throw notFound();
    const { id: _id, position: _position, ...before } = toMessage(row);
    await repo.deleteMessageRow(trx, id);
    await recordAudit(trx, { actor, action: "banner.delete", entityType: "banner-message", entityId: id, before: auditedMessage(before), summary: row.text_it, at: now });
    await bumpShopRevision(trx);
  });
}

/** Moves a message one place up or down the banner's order (the first up, or the last down, stays). */
export async function moveBannerMessage(
  db: Kysely<Database>,
  { id, direction, actor, now = new Date() }: { id: number; direction: "up" | "down"; actor: AuditActor; now?: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await repo.listMessageRows(trx);
    const from = rows.findIndex((row) => row.id === id);
    if (from < 0) throw notFound();
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= rows.length) return;
    const order = rows.map((row) => row.id);
    [order[from], order[to]] = [order[to]!, order[from]!];
    // Positions become 1…n in the new order (older rows may share or skip numbers).
    for (const [index, rowId] of order.entries()) {
      const row = rows.find((r) => r.id === rowId)!;
      if (row.position !== index + 1) await repo.updateMessageRow(trx, rowId, { position: index + 1 });
    }
    await recordAudit(trx, {
      actor,
      action: "banner.move",
      entityType: "banner-message",
      entityId: id,
      before: { position: from + 1 },
      after: { position: to + 1 },
      summary: rows[from]!.text_it,
      at: now,
    });
    await bumpShopRevision(trx);
  });
}

// ---- Atelier: closure notices ----

export async function listClosures(db: Kysely<Database>): Promise<ClosureNotice[]> {
  return (await repo.listClosureRows(db)).map(toClosure);
}

export async function getClosure(db: Kysely<Database>, id: number): Promise<ClosureNotice | null> {
  const row = await repo.findClosureRow(db, id);
  return row ? toClosure(row) : null;
}

/** Creates a closure notice, or changes one (`id`); returns its id. */
export async function saveClosure(db: Kysely<Database>, { id, input, actor, now = new Date() }: { id?: number; input: ClosureInput; actor: AuditActor; now?: Date }): Promise<number> {
  const at = now.toISOString();
  const values = { starts_at: romeDayStart(input.startsOn), ends_at: romeDayEnd(input.endsOn), ships_from: input.shipsFrom, text_it: input.textIt, text_en: input.textEn, updated_at: at };
  const after = { ...input };
  return db.transaction().execute(async (trx) => {
    if (id === undefined) {
      const newId = await repo.insertClosureRow(trx, { ...values, created_at: at });
      await recordAudit(trx, { actor, action: "closure.create", entityType: "closure", entityId: newId, after, summary: input.textIt, at: now });
      await bumpShopRevision(trx);
      return newId;
    }
    const row = await repo.findClosureRow(trx, id);
    if (!row) throw new DomainError("CLOSURE_NOT_FOUND");
    const { id: _id, ...before } = toClosure(row);
    await repo.updateClosureRow(trx, id, values);
    await recordAudit(trx, { actor, action: "closure.update", entityType: "closure", entityId: id, before: { ...before }, after, summary: input.textIt, at: now });
    await bumpShopRevision(trx);
    return id;
  });
}

export async function deleteClosure(db: Kysely<Database>, { id, actor, now = new Date() }: { id: number; actor: AuditActor; now?: Date }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findClosureRow(trx, id);
    if (!row) throw new DomainError("CLOSURE_NOT_FOUND");
    const { id: _id, ...before } = toClosure(row);
    await repo.deleteClosureRow(trx, id);
    await recordAudit(trx, { actor, action: "closure.delete", entityType: "closure", entityId: id, before: { ...before }, summary: row.text_it, at: now });
    await bumpShopRevision(trx);
  });
}
