import { Form, Link, data } from "react-router";
import type { Route } from "./+types/size-guide";
import { type SizeGuideViewData, SizeGuideView } from "~/components/catalog/size-guide-view";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { FIND_SIZE_FIELDS, FindSizeSchema } from "~/modules/size-guide/size-guide.schema";
import { getSizeGuidePage, suggestSizeOnPage } from "~/modules/size-guide/size-guide.service.server";
import { cacheControl } from "~/utils/cache-policy";
import { parseForm } from "~/utils/form.server";
import { notFound } from "~/utils/id-param";
import { seoMeta } from "~/utils/seo";

// A product's size guide (issue 41 part 2): /guida-taglie/<slug>, /en/size-guide/<slug>. The
// product page opens it as a dialog with JavaScript (the dialog reads this loader); without, it
// is this page. "Trova la tua taglia" is a GET form to the same address: the server answers from
// the guide's table and keeps nothing, so an answer is never stored by a cache either.

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, locale, env, tns } = getRequestContext(context);
  const page = await getSizeGuidePage(db, locale, (params["*"] ?? "").replace(/\/+$/, ""));
  if (!page) throw notFound();
  const query = new URL(request.url).searchParams;
  const asked = FIND_SIZE_FIELDS.some((field) => query.has(field));
  const find: SizeGuideViewData["find"] = { result: null, values: {}, suggestion: null };
  if (asked) {
    const form = new FormData();
    for (const field of FIND_SIZE_FIELDS) {
      const value = query.get(field);
      if (value === null) continue;
      form.set(field, value);
      find.values[field] = value.slice(0, 20);
    }
    const submission = parseForm(form, FindSizeSchema);
    if (submission.status === "success") find.suggestion = suggestSizeOnPage(page, submission.value);
    else find.result = submission.reply();
  }
  const { alternates, rows, columns, fit, model, product, guide } = page;
  const loaded = {
    product,
    guide,
    rows,
    columns,
    fit,
    model,
    find,
    origin: env.PUBLIC_URL,
    title: tns("size-guide")("title", { name: product.name }),
    texts: pickTexts(locale, ["size-guide"]),
    page: { alternates },
  };
  return asked ? data(loaded, { headers: cacheControl("private") }) : loaded;
}

/** An answer to "Trova la tua taglia" is the shopper's: never kept (the loader's header). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function SizeGuidePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("size-guide");
  return (
    <div className="container-page max-w-4xl pb-20 pt-6 desk:pt-10">
      <p className="mb-6 text-sm">
        <Link to={loaderData.product.url} className="link">
          <span aria-hidden="true">← </span>
          {t("back", { name: loaderData.product.name })}
        </Link>
      </p>
      <SizeGuideView data={loaderData} FindForm={Form} titleId="size-guide-title" />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  loaded
    ? seoMeta({
        title: `${loaded.title} | Bottega`,
        description: loaded.guide.name,
        path: loaded.product.guideUrl,
        alternates: loaded.page.alternates,
        origin: loaded.origin,
        // One guide for many pieces: the product pages are what search engines should list.
        noindex: true,
      })
    : [];

export const ErrorBoundary = RouteErrorBoundary;
