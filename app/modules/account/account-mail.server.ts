import type { Locale } from "~/db/schema";
import { renderMail } from "~/modules/mail/mail-template.server";
import type { OutgoingMail } from "~/modules/mail/outbox.server";

// The account's e-mails, in the shopper's language, through the outbox (queued in the
// transaction of the change that causes them).

export function welcomeMail(to: string, locale: Locale, firstName: string, accountUrl: string): OutgoingMail {
  const values = { firstName, url: accountUrl };
  const rendered = renderMail({
    to,
    locale,
    subject: { key: "account.welcomeSubject", values },
    paragraphs: [
      [{ key: "account.welcomeGreeting", values }],
      [{ key: "account.welcomeBody" }],
      [{ key: "account.welcomeLink", values, link: accountUrl }],
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
