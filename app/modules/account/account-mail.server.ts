import type { Locale } from "~/db/schema";
import { renderMail } from "~/modules/mail/mail-template.server";
import type { OutgoingMail } from "~/modules/mail/outbox.server";

// The account's e-mails, in the shopper's language, through the outbox (queued in the
// transaction of the change that causes them).

/** `confirmUrl`: the address-confirmation link, when the address is still to be proven (not after a social sign-up). */
export function welcomeMail(to: string, locale: Locale, firstName: string, accountUrl: string, confirmUrl?: string): OutgoingMail {
  const values = { firstName, url: accountUrl };
  const rendered = renderMail({
    to,
    locale,
    subject: { key: "account.welcomeSubject", values },
    paragraphs: [
      [{ key: "account.welcomeGreeting", values }],
      [{ key: "account.welcomeBody" }],
      [{ key: "account.welcomeLink", values, link: accountUrl }],
      ...(confirmUrl ? [[{ key: "account.welcomeConfirm" as const }], [{ key: "account.confirmLink" as const, values: { url: confirmUrl }, link: confirmUrl }]] : []),
      [{ key: "account.welcomeNotYou" }],
      [{ key: "account.signature" }],
    ],
  });
  return { ...rendered, template: "welcome", locale };
}

export function resetMail(to: string, locale: Locale, firstName: string, resetUrl: string): OutgoingMail {
  const values = { firstName, url: resetUrl };
  const rendered = renderMail({
    to,
    locale,
    subject: { key: "account.resetSubject" },
    paragraphs: [
      [{ key: "account.resetGreeting", values }],
      [{ key: "account.resetBody" }],
      [{ key: "account.resetLink", values, link: resetUrl }],
      [{ key: "account.resetOnce" }],
      [{ key: "account.resetNotYou" }],
      [{ key: "account.signature" }],
    ],
  });
  return { ...rendered, template: "password-reset", locale };
}

/** The address-confirmation link alone: asked again from the account page, or after a change of address. */
export function confirmationMail(to: string, locale: Locale, firstName: string, confirmUrl: string): OutgoingMail {
  const values = { firstName, url: confirmUrl };
  const rendered = renderMail({
    to,
    locale,
    subject: { key: "account.confirmSubject" },
    paragraphs: [
      [{ key: "account.confirmGreeting", values }],
      [{ key: "account.confirmBody" }],
      [{ key: "account.confirmLink", values, link: confirmUrl }],
      [{ key: "account.confirmNotYou" }],
      [{ key: "account.signature" }],
    ],
  });
  return { ...rendered, template: "email-confirmation", locale };
}
