import { Link } from "react-router";
import type { Route } from "./+types/size-guides";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { type SizeGuideListItem, listSizeGuidesForAtelier } from "~/modules/size-guide/size-guide.service.server";
import { privatePageHeaders } from "~/utils/private-page-headers";

// /atelier/catalog/size-guides: the shop's size guides (issue 41 part 2). A shop has a handful: one page, no filter.

export async function loader({ context }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  return { guides: await listSizeGuidesForAtelier(db, locale), title: tns("atelier-catalog")("sizeGuides.title"), texts: pickTexts(locale, ["atelier-catalog"]) };
}

export const headers = privatePageHeaders;

export default function AtelierSizeGuides({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-catalog");
  const { href } = useLocale();
  const columns: Column<SizeGuideListItem>[] = [
    {
      key: "name",
      header: t("sizeGuides.name"),
      rowHeader: true,
      cell: (guide) => (
        <Link to={href(`/atelier/catalog/size-guides/${guide.id}`)} className="link decoration-stone underline-offset-2">
          {guide.name}
        </Link>
      ),
    },
    { key: "kind", header: t("sizeGuides.kind"), wide: true, cell: (guide) => t(`sizeGuides.kinds.${guide.kind}`) },
    { key: "sizes", header: t("sizeGuides.sizes"), numeric: true, cell: (guide) => guide.sizes },
    { key: "categories", header: t("sizeGuides.categoriesCount"), numeric: true, cell: (guide) => guide.categories },
  ];
  return (
    <>
      <PageHeader
        title={t("sizeGuides.title")}
        description={t("sizeGuides.description")}
        actions={
          <Link to={href("/atelier/catalog/size-guides/new")} className="btn btn-primary">
            {t("sizeGuides.new")}
          </Link>
        }
      />
      <DataTable caption={t("sizeGuides.caption")} captionHidden columns={columns} rows={loaderData.guides} rowKey={(guide) => guide.id} empty={t("sizeGuides.empty")} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
