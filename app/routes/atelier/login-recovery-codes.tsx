import { Link } from "react-router";
import type { Route } from "./+types/login-recovery-codes";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { SignInCard } from "~/components/atelier/sign-in-card";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { getAtelierContext } from "~/middleware/request-context.server";
import { takeRecoveryCodes } from "~/modules/staff/staff.service.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { atelierKey, currentStaffSession } from "./staff-context.server";

// The ten recovery codes made at enrolment, shown once: reading them clears them from the
// session (they are kept only hashed), so a reload or the back button shows them no more.
export async function loader({ context }: Route.LoaderArgs) {
  const { db, tns } = getAtelierContext(context);
  const session = currentStaffSession(context)!;
  return { title: tns("atelier")("recovery.title"), codes: await takeRecoveryCodes(db, session.id, atelierKey(context)) };
}

export const headers = privatePageHeaders;

export default function AtelierRecoveryCodes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier");
  const { href } = useLocale();
  const { codes } = loaderData;
  return (
    <SignInCard title={t("recovery.title")} intro={<p>{codes ? t("recovery.intro") : t("recovery.gone")}</p>}>
      {codes ? (
        <>
          <p className="mb-4 border-l-4 border-warning bg-paper px-4 py-3 text-sm font-medium">{t("recovery.warning")}</p>
          <ol aria-label={t("recovery.listLabel")} className="mb-6 grid grid-cols-2 gap-x-6 gap-y-2 border border-line bg-paper p-4 font-mono text-base" data-testid="recovery-codes">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
        </>
      ) : null}
      <Link to={href("/atelier")} className="btn btn-primary w-full">
        {t("recovery.continue")}
      </Link>
    </SignInCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
