import { Link, isRouteErrorResponse, useRouteError } from "react-router";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";

/**
 * Atelier's error page, inside its frame: 403 (outside the member's capabilities), 404 (a forged id, a section not
 * built yet), 400, 429 and a calm page for everything else. Every Atelier route exports it.
 */
export function AtelierErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("atelier");
  const { href } = useLocale();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const heading =
    status === 403 ? t("errors.forbiddenTitle") : status === 404 ? t("errors.notFoundTitle") : status === 400 ? t("errors.badRequestTitle") : t("errors.errorTitle");
  const text = status === 403 ? t("errors.forbidden") : status === 404 ? t("errors.notFoundText") : status === 429 ? t("domain.rateLimited", { ns: "common" }) : t("errors.errorText");
  return (
    <section aria-labelledby="error-title" className="py-10">
      <title>{`${heading} | ${t("meta.suffix")}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <p className="eyebrow mb-3">{status}</p>
      <h1 id="error-title" className="mb-3 text-4xl">
        {heading}
      </h1>
      <p className="mb-6 text-stone">{text}</p>
      <Link to={href("/atelier")} className="btn btn-secondary">
        {t("errors.back")}
      </Link>
    </section>
  );
}
