import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/categories";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { CATEGORY_TREE_INTENTS, CategoryTreeSchema } from "~/modules/catalog/category-admin.schema";
import { type CategoryTreeItem, getCategoryTree, moveCategory } from "~/modules/catalog/category-admin.service.server";
import { pageError, parseIntentForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";
import { notFound } from "~/utils/id-param";

// /atelier/categories: the shop's category tree in the menu's order, each category with its
// address, its products and two buttons (up, down) that move it among its siblings: real posts,
// no JavaScript needed. Any staff member may change the tree.

export async function loader({ context }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  return { tree: await getCategoryTree(db, locale), title: tns("atelier-merch")("categories.meta.list"), texts: pickTexts(locale, ["atelier-merch"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const submission = parseIntentForm(await readFormData(request), CategoryTreeSchema, CATEGORY_TREE_INTENTS);
  // The buttons carry the category's id: an unusable one names no category.
  if (submission.status !== "success") throw notFound();
  const { intent, categoryId } = submission.value;
  try {
    if (await moveCategory(db, categoryId, intent === "move-up" ? "up" : "down", staffActor(viewer))) addStaffNotice(context, { kind: "success", key: "atelier-merch:categories.moved" });
  } catch (error) {
    pageError(error);
  }
  throw redirect(`${atelierHref(context, "/atelier/categories")}#category-${categoryId}`);
}

export const headers = privatePageHeaders;

export default function AtelierCategories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-merch");
  const { href } = useLocale();
  return (
    <>
      <PageHeader
        title={t("categories.title")}
        description={t("categories.intro")}
        actions={
          <Link to={href("/atelier/categories/new")} className="btn btn-primary">
            {t("categories.new")}
          </Link>
        }
      />
      <section aria-labelledby="category-tree-title">
        <h2 id="category-tree-title" className="sr-only">
          {t("categories.caption")}
        </h2>
        {loaderData.tree.length === 0 ? (
          <p className="border border-line bg-paper px-4 py-6 text-center text-sm text-stone">{t("categories.empty")}</p>
        ) : (
          <ol className="border border-line bg-paper">
            {loaderData.tree.map((item) => (
              <TreeItem key={item.id} item={item} />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

function TreeItem({ item }: { item: CategoryTreeItem }) {
  const { t } = useTranslation("atelier-merch");
  const { href } = useLocale();
  return (
    <li id={`category-${item.id}`} className="border-t border-line first:border-t-0">
      <div className={`flex flex-wrap items-center gap-x-4 gap-y-1 py-2 pr-3 ${item.depth === 1 ? "pl-3" : ""}`}>
        <div className="min-w-0 flex-1">
          <Link to={href(`/atelier/categories/${item.id}`)} className={`link decoration-stone underline-offset-2 ${item.depth === 1 ? "font-display text-xl" : "font-medium"}`} aria-label={t("categories.editLabel", { name: item.name })}>
            {item.name}
          </Link>{" "}
          <span className="text-sm text-stone">· {item.otherName}</span>
          <span className="block truncate font-mono text-xs text-stone">/{item.path}</span>
        </div>
        <p className="text-sm whitespace-nowrap text-stone tabular-nums">
          {t("categories.products", { count: item.subtreeProducts })}
          {item.children.length && item.products ? <span> ({t("categories.productsHere", { count: item.products })})</span> : null}
        </p>
        <div className="flex gap-1">
          <MoveButton item={item} direction="up" />
          <MoveButton item={item} direction="down" />
        </div>
      </div>
      {item.children.length ? (
        <ol className="mb-2 ml-3 border-l border-line pl-3 sm:ml-6 sm:pl-4">
          {item.children.map((child) => (
            <TreeItem key={child.id} item={child} />
          ))}
        </ol>
      ) : null}
    </li>
  );
}

function MoveButton({ item, direction }: { item: CategoryTreeItem; direction: "up" | "down" }) {
  const { t } = useTranslation("atelier-merch");
  const disabled = direction === "up" ? item.isFirst : item.isLast;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={`move-${direction}`} />
      <input type="hidden" name="categoryId" value={item.id} />
      <button
        type="submit"
        disabled={disabled}
        className="inline-flex min-h-11 min-w-11 items-center justify-center border border-line px-2 text-sm hover:border-ink disabled:cursor-default disabled:opacity-40 disabled:hover:border-line"
        aria-label={t(direction === "up" ? "categories.moveUpLabel" : "categories.moveDownLabel", { name: item.name })}
      >
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
      </button>
    </Form>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
