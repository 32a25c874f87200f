import { Link } from "react-router";
import type { Route } from "./+types/catalog-manufacturers";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { type ManufacturerRow, listManufacturers } from "~/modules/catalog/manufacturer-admin.service.server";
import { privatePageHeaders } from "~/utils/private-page-headers";

// /atelier/catalog/manufacturers (issue 37, item 7): the makers the product pages name for product
// safety (GPSR) and the import matches a Vendor to, with how many products each makes.

export async function loader({ context }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  return { manufacturers: await listManufacturers(db), title: tns("atelier-catalog")("manufacturers.title"), texts: pickTexts(locale, ["atelier-catalog"]) };
}

export const headers = privatePageHeaders;

export default function AtelierManufacturers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-catalog");
  const { href } = useLocale();
  const columns: Column<ManufacturerRow>[] = [
    {
      key: "name",
      header: t("manufacturers.name"),
      rowHeader: true,
      cell: (m) => (
        <Link to={href(`/atelier/catalog/manufacturers/${m.id}`)} className="link decoration-stone underline-offset-2">
          {m.name}
        </Link>
      ),
    },
    { key: "country", header: t("manufacturers.country"), cell: (m) => m.countryCode },
    { key: "email", header: t("manufacturers.email"), wide: true, cell: (m) => <span className="break-all">{m.email}</span> },
    { key: "address", header: t("manufacturers.address"), wide: true, cell: (m) => m.address },
    { key: "products", header: t("manufacturers.products"), numeric: true, cell: (m) => m.products },
  ];
  return (
    <>
      <PageHeader
        title={t("manufacturers.title")}
        description={t("manufacturers.description")}
        actions={
          <Link to={href("/atelier/catalog/manufacturers/new")} className="btn btn-primary">
            {t("manufacturers.new")}
          </Link>
        }
      />
      <DataTable caption={t("manufacturers.caption")} captionHidden columns={columns} rows={loaderData.manufacturers} rowKey={(m) => m.id} empty={t("manufacturers.empty")} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
