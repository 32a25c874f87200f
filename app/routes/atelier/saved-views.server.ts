import { data, redirect } from "react-router";
import type { RouterContextProvider } from "react-router";
import { getAtelierContext } from "~/middleware/request-context.server";
import { deleteView, saveView } from "~/modules/views/saved-view.service.server";
import { SAVED_VIEW_INTENTS, SavedViewFormSchema, type ViewArea, viewQuery } from "~/modules/views/saved-view.rules";
import { formError, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { addStaffNotice, staffActor } from "./staff-context.server";

// The saved views' forms (issue 42 part 5) post to their list's own route, so the list's guard
// decides who may save or delete its views, and a name refused is shown at its field on the list
// itself. Each list's action hands these intents here: a saved or deleted view goes back to the
// list (the saved one opened), a refused name is the list's page again with the message, under
// `viewResult` so the list's other forms (the products' bulk form) do not take it for theirs.

/** The views' post on a list: the request (a list with no other form), or its body already read (one that has others). */
export async function savedViewAction(context: Readonly<RouterContextProvider>, body: Request | FormData, area: ViewArea, listPath: string) {
  const { db, staff: viewer } = getAtelierContext(context);
  const formData = body instanceof FormData ? body : await readFormData(body);
  // An intent that is not the views' is a broken or forged form: 400.
  const submission = parseIntentForm(formData, SavedViewFormSchema, SAVED_VIEW_INTENTS);
  if (submission.status !== "success") return asViewAnswer(invalidForm(submission));
  const form = submission.value;
  try {
    if (form.intent === "view-save") {
      await saveView(db, { area, name: form.name, query: form.query }, staffActor(viewer));
      addStaffNotice(context, { kind: "success", key: "atelier:views.saved", values: { name: form.name } });
      const query = viewQuery(area, form.query);
      throw redirect(query ? `${listPath}?${query}` : listPath, 303);
    }
    await deleteView(db, area, form.viewId, staffActor(viewer));
    addStaffNotice(context, { kind: "success", key: "atelier:views.deleted" });
    throw redirect(listPath, 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    return asViewAnswer(formError(submission, error));
  }
}

/** The form kit's answer, its reply moved under `viewResult`, its status kept. */
function asViewAnswer(answer: ReturnType<typeof invalidForm>) {
  return data({ viewResult: answer.data.result }, answer.init ?? undefined);
}
