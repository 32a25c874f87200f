import type { Route } from "./+types/dashboard";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { requireStaff } from "./staff-context.server";

// A placeholder until the dashboard arrives (helper h-dashboard replaces this file).
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireStaff(context);
  return { title: getRequestContext(context).tns("atelier")("dashboard.title"), name: viewer.name };
}

export const headers = privatePageHeaders;

export default function AtelierDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier");
  return (
    <>
      <PageHeader title={t("dashboard.title")} />
      <p>{t("dashboard.intro", { name: loaderData.name })}</p>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
