import { Link } from "react-router";
import type { Route } from "./+types/stores";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { type StoreListItem, listStoresForAtelier } from "~/modules/store/store-editor.service.server";
import { privatePageHeaders } from "~/utils/private-page-headers";

// /atelier/stores: the store locator's boutiques and corners, in its order (region, then the
// shop's order). A shop has tens of stores, not thousands: one page, no filter.

export async function loader({ context }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  return { stores: await listStoresForAtelier(db, locale), title: tns("atelier-content")("stores.title"), texts: pickTexts(locale, ["atelier-content"]) };
}

export const headers = privatePageHeaders;

export default function AtelierStores({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-content");
  const { href } = useLocale();
  const columns: Column<StoreListItem>[] = [
    {
      key: "name",
      header: t("stores.name"),
      rowHeader: true,
      cell: (s) => (
        <>
          <Link to={href(`/atelier/stores/${s.id}`)} className="link decoration-stone underline-offset-2">
            {s.name}
          </Link>{" "}
          <span className="block text-xs font-normal text-stone sm:hidden">{`${s.city}, ${s.country}`}</span>
        </>
      ),
    },
    { key: "kind", header: t("stores.kind"), cell: (s) => t(`stores.kinds.${s.kind}`) },
    { key: "city", header: t("stores.city"), wide: true, cell: (s) => s.city },
    { key: "country", header: t("stores.country"), wide: true, cell: (s) => s.country },
    { key: "region", header: t("stores.region"), wide: true, cell: (s) => s.region },
    { key: "position", header: t("stores.position"), numeric: true, wide: true, cell: (s) => s.position },
  ];
  return (
    <>
      <PageHeader
        title={t("stores.title")}
        description={t("stores.description")}
        actions={
          <Link to={href("/atelier/stores/new")} className="btn btn-primary">
            {t("stores.new")}
          </Link>
        }
      />
      <DataTable caption={t("stores.caption")} captionHidden columns={columns} rows={loaderData.stores} rowKey={(s) => s.id} empty={t("stores.empty")} />
      <p className="mt-3 text-sm">
        <a href={href("/pages/storelocator")} className="link" target="_blank" rel="noreferrer">
          {t("stores.viewLocator")}
        </a>
      </p>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
