import { useTranslation } from "~/hooks/use-translation";
import { redirect } from "react-router";
import type { Route } from "./+types/newsletter";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import NewsletterForm from "~/components/newsletter/newsletter-form";
import { getRequestContext } from "~/middleware/request-context.server";
import { NewsletterSchema } from "~/modules/newsletter/newsletter.schema";
import { subscribeToNewsletter } from "~/modules/newsletter/newsletter.service.server";
import { formError, honeypotValue, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { seoMeta } from "~/utils/seo";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { env, t } = getRequestContext(context);
  return { path: new URL(request.url).pathname, origin: env.PUBLIC_URL, title: t("newsletter.pageTitle") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, clientIp, locale, session, publicUrl } = getRequestContext(context);
  const formData = await readFormData(request);
  const submission = parseForm(formData, NewsletterSchema);
  if (submission.status !== "success") return invalidForm(submission);
  try {
    await subscribeToNewsletter(db, {
      ...submission.value,
      locale,
      source: formData.get("source") === "footer" ? "footer" : "page",
      clientIp,
      honeypot: honeypotValue(formData),
      absoluteUrl: publicUrl.absolute,
    });
  } catch (error) {
    return formError(submission, error);
  }
  // Without JavaScript the footer form says where it came from: go back there with a notice.
  const redirectTo = formData.get("redirectTo");
  if (redirectTo) {
    await session.addFlash({ kind: "success", key: "newsletter.success" });
    throw redirect(safeRedirect(redirectTo));
  }
  return { result: submission.reply({ resetForm: true }), subscribed: true };
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="container-page grid gap-10 py-16 desk:grid-cols-12" aria-labelledby="page-title">
      <div className="desk:col-span-5">
        <p className="eyebrow mb-4">Bottega</p>
        <h1 id="page-title" className="mb-5 text-5xl">
          {t("newsletter.pageTitle")}
        </h1>
        <p className="text-lg text-stone">{t("newsletter.pageIntro")}</p>
      </div>
      <div className="bg-paper p-6 shadow-sm desk:col-span-6 desk:col-start-7 desk:p-10">
        <NewsletterForm variant="page" actionData={actionData} />
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, path: data.path, origin: data.origin, alternates: { it: "/pages/newsletter", en: "/en/pages/newsletter" } }) : [];

export const ErrorBoundary = RouteErrorBoundary;
