import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import { useLocale } from "~/hooks/use-locale";

/** The page of a feature that a later release builds: inside the shell, never a crash. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  const { href } = useLocale();
  return (
    <section className="container-page grid min-h-[55vh] place-items-center py-20 text-center" aria-labelledby="page-title">
      <div className="max-w-lg">
        <p className="eyebrow mb-4">{t("comingSoon.eyebrow")}</p>
        <h1 id="page-title" className="mb-5 text-5xl">
          {title}
        </h1>
        <p className="mb-8 text-stone">{t("comingSoon.text")}</p>
        <Link to={href("/")} className="btn btn-secondary">
          {t("comingSoon.home")}
        </Link>
      </div>
    </section>
  );
}
