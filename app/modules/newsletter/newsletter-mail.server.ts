import type { Locale } from "~/db/schema";
import { SHOP_SENDER } from "~/modules/mail/mail.server";
import { renderMail } from "~/modules/mail/mail-template.server";
import type { OutgoingMail } from "~/modules/mail/outbox.server";

// The newsletter's e-mails, in the subscriber's language, through the outbox.

const SENDER_ADDRESS = /<([^>]+)>/.exec(SHOP_SENDER)?.[1] ?? SHOP_SENDER;

/**
 * The headers every newsletter mail carries (RFC 2369 and RFC 8058): the unsubscribe link, which
 * a mail client may POST `List-Unsubscribe=One-Click` to without opening it, and a mailto for
 * clients that only write; the shop's mailbox takes those by hand.
 */
export function newsletterMailHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>, <mailto:${SENDER_ADDRESS}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The double opt-in link: the sign-up counts once it is opened and its button pressed. */
export function newsletterConfirmationMail(input: { to: string; locale: Locale; confirmUrl: string; unsubscribeUrl: string }): OutgoingMail {
  const rendered = renderMail({
    to: input.to,
    locale: input.locale,
    subject: { key: "newsletter.confirmSubject" },
    paragraphs: [
      [{ key: "newsletter.confirmGreeting" }],
      [{ key: "newsletter.confirmBody" }],
      [{ key: "newsletter.confirmLink", values: { url: input.confirmUrl }, link: input.confirmUrl }],
      [{ key: "newsletter.confirmNotYou" }],
      [{ key: "newsletter.unsubscribeLine", values: { url: input.unsubscribeUrl }, link: input.unsubscribeUrl }],
      [{ key: "newsletter.signature" }],
    ],
  });
  return { ...rendered, template: "newsletter-confirmation", locale: input.locale, headers: newsletterMailHeaders(input.unsubscribeUrl) };
}
