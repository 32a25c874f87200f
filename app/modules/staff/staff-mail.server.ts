import type { Locale, StaffRole } from "~/db/schema";
import { renderMail } from "~/modules/mail/mail-template.server";
import type { OutgoingMail } from "~/modules/mail/outbox.server";
import { formatRomeDateTime } from "~/utils/dates";

/** The invitation to Atelier: the link to choose a name and password, and until when it works. */
export function staffInviteMail(to: string, locale: Locale, { url, role, expiresAt }: { url: string; role: StaffRole; expiresAt: Date }): OutgoingMail {
  const rendered = renderMail({
    to,
    locale,
    subject: { key: "staff.inviteSubject" },
    paragraphs: [
      [{ key: "staff.inviteGreeting" }],
      [
        {
          key: "staff.inviteBody",
          values: { role: renderRole(locale, role), expires: formatRomeDateTime(expiresAt.toISOString(), locale) },
        },
      ],
      [{ key: "staff.inviteLink", values: { url }, link: url }],
      [{ key: "staff.inviteOnce" }, { key: "staff.inviteNotYou" }],
      [{ key: "staff.signature" }],
    ],
  });
  return { ...rendered, template: "staff-invite", locale };
}

function renderRole(locale: Locale, role: StaffRole): string {
  const names = {
    it: { owner: "titolare", manager: "responsabile", staff: "collaboratore", warehouse: "magazzino" },
    en: { owner: "owner", manager: "manager", staff: "shop assistant", warehouse: "warehouse" },
  } as const;
  return names[locale][role];
}

/** Repeated wrong second-factor codes on the member's account: someone may hold the password. */
export function staffWrongCodesMail(to: string, locale: Locale, { failures, at, ip }: { failures: number; at: Date; ip: string }): OutgoingMail {
  const rendered = renderMail({
    to,
    locale,
    subject: { key: "staff.wrongCodesSubject" },
    paragraphs: [
      [{ key: "staff.inviteGreeting" }],
      [{ key: "staff.wrongCodesBody", values: { count: String(failures), at: formatRomeDateTime(at.toISOString(), locale), ip } }],
      [{ key: "staff.wrongCodesAdvice" }],
      [{ key: "staff.signature" }],
    ],
  });
  return { ...rendered, template: "staff-wrong-codes", locale };
}
