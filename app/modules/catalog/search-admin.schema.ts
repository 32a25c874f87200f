import { z } from "~/utils/zod";
import { LOCALES } from "~/utils/locale";

// Atelier's synonyms page (/atelier/catalog/synonyms, issue 39): a group of words and phrases
// that mean one thing for a shopper, in one language, written comma-separated ("vestito, abito").
// One schema for the form and its action; messages are keys. Safe on client and server.

/** Members a group holds at most, and the length of each. */
export const MAX_SYNONYM_MEMBERS = 20;
export const MAX_SYNONYM_MEMBER_LENGTH = 40;
export const MAX_SYNONYM_TERMS_LENGTH = 600;

/** The group's members as typed: commas (or semicolons, or lines) between them, spaces tidied, repeats out. */
export function splitSynonymTerms(terms: string): string[] {
  const seen = new Set<string>();
  return terms
    .split(/[,;\n]/)
    .map((member) => member.trim().replace(/\s+/g, " "))
    .filter((member) => {
      const key = member.toLocaleLowerCase("it");
      if (!member || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const terms = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required", abort: true })
  .max(MAX_SYNONYM_TERMS_LENGTH, { error: "validation.tooLong", abort: true })
  .refine((value) => !/\p{Cc}/u.test(value.replace(/[\n\r\t]/g, " ")), { error: "validation.invalid", abort: true })
  .transform((value) => splitSynonymTerms(value))
  .refine((members) => members.length >= 2, { error: "atelier-catalog:synonyms.tooFew", abort: true })
  .refine((members) => members.length <= MAX_SYNONYM_MEMBERS, { error: "atelier-catalog:synonyms.tooMany", abort: true })
  .refine((members) => members.every((member) => member.length <= MAX_SYNONYM_MEMBER_LENGTH && /[\p{L}\p{N}]/u.test(member)), {
    error: "atelier-catalog:synonyms.badMember",
  })
  .transform((members) => members.join(", "));

const id = () => z.coerce.number({ error: "validation.required" }).int().positive().max(2_147_483_647);

export const SYNONYM_INTENTS = ["save", "delete"] as const;

export const SynonymActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), id: id().optional(), locale: z.enum(LOCALES, { error: "validation.invalid" }), terms }),
  z.object({ intent: z.literal("delete"), id: id() }),
]);

export const SYNONYM_FIELDS = ["locale", "terms"] as const;
