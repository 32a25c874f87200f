import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/staff";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { RowAction } from "~/components/atelier/kit";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { StatusBadge } from "~/components/atelier/status-badge";
import { SubmitButton, EmailField, Field, FormErrors, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { getAtelierContext } from "~/middleware/request-context.server";
import { ADJUSTABLE, STAFF_ROLES } from "~/modules/staff/capabilities";
import { STAFF_INTENTS, StaffManageSchema } from "~/modules/staff/staff.schema";
import { type LiveSession, type StaffListEntry, changeStaffRole, disableStaff, enableStaff, endSessionOf, inviteStaff, listLiveSessions, listOpenInvites, listStaff, revokeInvite, setStaffPermissions } from "~/modules/staff/staff.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { formatMoney, toEuroInput } from "~/utils/money";
import { formatRomeShortDateTime } from "~/utils/dates";
import { formError, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, signOutStaff, staffActor } from "./staff-context.server";
import { withDateArticlesT } from "~/utils/date-article";

// The owner's Staff page: who has access, with which role, their open sessions and pending
// invitations. Every change goes through the staff service, which writes the audit entry in the
// same transaction.

export async function loader({ context }: Route.LoaderArgs) {
  const { db, tns, staff: viewer } = getAtelierContext(context);
  const [staff, sessions, invites, settings] = await Promise.all([listStaff(db), listLiveSessions(db), listOpenInvites(db), getShopSettings(db)]);
  return { title: tns("atelier")("staff.title"), viewerId: viewer.id, staff, sessions, invites, shopRefundLimitCents: settings.staffRefundLimitCents };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, publicUrl, staff: viewer } = getAtelierContext(context);
  const submission = parseIntentForm(await readFormData(request), StaffManageSchema, STAFF_INTENTS);
  if (submission.status !== "success") {
    // Only the invitation and the permissions have fields a person types; anything else invalid is a forged form.
    if (submission.payload.intent === "invite" || submission.payload.intent === "permissions") return invalidForm(submission);
    throw data({ message: "Bad form." }, { status: 400 });
  }
  const form = submission.value;
  const actor = staffActor(viewer);
  try {
    switch (form.intent) {
      case "invite":
        await inviteStaff(db, {
          email: form.email,
          role: form.role,
          locale: form.locale,
          actor,
          inviteUrl: (token) => publicUrl.absolute(`${form.locale === "en" ? "/en" : ""}/atelier/invite?token=${token}`),
        });
        addStaffNotice(context, { kind: "success", key: "staff.invited", values: { email: form.email } });
        break;
      case "role":
        await changeStaffRole(db, { staffId: form.staffId, role: form.role, actor });
        addStaffNotice(context, { kind: "success", key: "staff.roleChanged" });
        break;
      case "permissions":
        await setStaffPermissions(db, { staffId: form.staffId, role: form.role, capabilities: form.capabilities, refundCapCents: form.refundCap, actor });
        addStaffNotice(context, { kind: "success", key: "staff.permissionsSaved", values: { name: (await listStaff(db)).find((s) => s.id === form.staffId)?.name ?? "" } });
        break;
      case "disable":
        await disableStaff(db, { staffId: form.staffId, actor });
        addStaffNotice(context, { kind: "success", key: "staff.disabled" });
        break;
      case "enable":
        await enableStaff(db, { staffId: form.staffId, actor });
        addStaffNotice(context, { kind: "success", key: "staff.enabled" });
        break;
      case "end-session":
        await endSessionOf(db, { staffId: form.staffId, sessionKey: form.session, actor });
        // Ending one's own session is signing out.
        if (form.staffId === viewer.id && !(await listLiveSessions(db)).some((s) => s.staffId === viewer.id)) {
          await signOutStaff(context);
          throw redirect(atelierHref(context, "/atelier/login"));
        }
        addStaffNotice(context, { kind: "success", key: "staff.sessionEnded" });
        break;
      case "revoke-invite":
        await revokeInvite(db, { inviteId: form.inviteId, actor });
        addStaffNotice(context, { kind: "success", key: "staff.inviteRevoked" });
        break;
    }
  } catch (error) {
    return formError(submission, error);
  }
  throw redirect(atelierHref(context, "/atelier/staff"));
}

export const headers = privatePageHeaders;

type Data = Route.ComponentProps["loaderData"];

export default function AtelierStaff({ loaderData, actionData }: Route.ComponentProps) {
  const t = withDateArticlesT(useTranslation("atelier").t);
  const { locale } = useLocale();
  const formRef = useFormRef();
  const invited = actionData?.result && actionData.result.initialValue?.intent === "invite";
  // After an invitation the form starts empty again (with JavaScript the page is not reloaded).
  const kit = useFormKit("staff-invite", invited ? actionData?.result : undefined, ["email", "role"], formRef, String(loaderData.invites.length));
  const permissionsPosted = actionData?.result?.initialValue?.intent === "permissions";
  const rowKit = useFormKit("staff-row", invited || permissionsPosted ? undefined : actionData?.result, [], formRef);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  const names = new Map(loaderData.staff.map((s) => [s.id, s.name]));
  const when = (iso: string | null) => (iso ? formatRomeShortDateTime(iso, locale) : t("staff.never"));
  return (
    <>
      <PageHeader title={t("staff.title")} description={t("staff.intro")} />
      {rowKit.formErrors?.length ? (
        <div role="alert" className="mb-4 border-l-4 border-sale bg-paper px-4 py-3 text-sm font-medium text-sale">
          {rowKit.formErrors.join(" ")}
        </div>
      ) : null}
      <StaffTable data={loaderData} when={when} />
      <section aria-labelledby="permissions-title" className="mt-8">
        <h2 id="permissions-title" className="mb-1 text-2xl">
          {t("staff.permissionsTitle")}
        </h2>
        <p className="mb-4 max-w-3xl text-sm text-stone">{t("staff.permissionsIntro")}</p>
        <div className="grid gap-4 desk:grid-cols-2">
          {loaderData.staff
            .filter((s) => s.id !== loaderData.viewerId)
            .map((s) => (
              <PermissionsForm key={s.id} member={s} shopLimitCents={loaderData.shopRefundLimitCents} result={permissionsPosted && String(actionData?.result?.initialValue?.staffId) === String(s.id) ? actionData?.result : undefined} />
            ))}
        </div>
      </section>
      <section aria-labelledby="invite-title" className="mt-8 max-w-xl border border-line bg-paper p-4">
        <h2 id="invite-title" className="mb-1 text-2xl">
          {t("staff.inviteTitle")}
        </h2>
        <p className="mb-4 text-sm text-stone">{t("staff.inviteIntro")}</p>
        <Form method="post" ref={formRef} noValidate={kit.hydrated} className="grid gap-4 sm:grid-cols-2" aria-labelledby="invite-title">
          <input type="hidden" name="intent" value="invite" />
          <div className="sm:col-span-2">
            <FormErrors kit={kit} />
          </div>
          <div className="sm:col-span-2">
            <EmailField kit={kit} label={t("staff.email")} />
          </div>
          <Field kit={kit} name="role" label={t("staff.role")}>
            <select {...controlProps(kit, "role")} key={kit.resetKey} defaultValue={kit.value("role") || "staff"} className="field-input">
              <RoleOptions />
            </select>
          </Field>
          <Field kit={kit} name="locale" label={t("staff.language")}>
            <select {...controlProps(kit, "locale")} key={kit.resetKey} defaultValue={kit.value("locale") || locale} className="field-input">
              <option value="it">Italiano</option>
              <option value="en">English</option>
            </select>
          </Field>
          <div className="sm:col-span-2">
            <SubmitButton pending={pending} pendingLabel={t("staff.inviting")}>
              {t("staff.inviteSubmit")}
            </SubmitButton>
          </div>
        </Form>
      </section>
      <h2 className="mt-10 mb-3 text-2xl">{t("staff.sessionsCaption")}</h2>
      <SessionsTable sessions={loaderData.sessions} names={names} when={when} />
      <h2 className="mt-10 mb-3 text-2xl">{t("staff.invitesCaption")}</h2>
      <InvitesTable invites={loaderData.invites} when={when} />
    </>
  );
}

function StaffTable({ data, when }: { data: Data; when: (iso: string | null) => string }) {
  const t = withDateArticlesT(useTranslation("atelier").t);
  const sessionCount = (id: number) => data.sessions.filter((s) => s.staffId === id).length;
  const columns: Column<StaffListEntry>[] = [
    {
      key: "name",
      header: t("staff.name"),
      rowHeader: true,
      cell: (s) => (
        <>
          {s.name} {s.id === data.viewerId ? <span className="font-normal text-stone">{t("staff.you")}</span> : null}{" "}
          <span className="block font-normal text-stone">{s.email}</span>
        </>
      ),
    },
    {
      key: "role",
      header: t("staff.role"),
      cell: (s) =>
        s.id === data.viewerId ? (
          t(`roles.${s.role}`)
        ) : (
          <Form method="post" className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="staffId" value={s.id} />
            <label htmlFor={`role-${s.id}`} className="sr-only">
              {t("staff.roleOf", { name: s.name })}
            </label>
            <select id={`role-${s.id}`} name="role" defaultValue={s.role} className="field-input w-auto py-1">
              <RoleOptions />
            </select>
            <button type="submit" className="link inline-flex min-h-6 items-center" aria-label={t("staff.changeRoleLabel", { name: s.name })}>
              {t("staff.changeRole")}
            </button>
          </Form>
        ),
    },
    {
      key: "status",
      header: t("staff.status"),
      cell: (s) =>
        s.disabledAt ? (
          <StatusBadge tone="bad">{t("staff.statusDisabled")}</StatusBadge>
        ) : s.enrolledAt ? (
          <StatusBadge tone="good">{t("staff.statusActive")}</StatusBadge>
        ) : (
          <StatusBadge tone="attention">{t("staff.statusPending")}</StatusBadge>
        ),
    },
    { key: "last", header: t("staff.lastSignIn"), cell: (s) => when(s.lastSignInAt), wide: true },
    { key: "sessions", header: t("staff.sessions"), cell: (s) => sessionCount(s.id), numeric: true },
    {
      key: "actions",
      header: t("staff.actions"),
      cell: (s) =>
        s.id === data.viewerId ? null : (
          <RowAction intent={s.disabledAt ? "enable" : "disable"} fields={{ staffId: s.id }} label={t(s.disabledAt ? "staff.enableLabel" : "staff.disableLabel", { name: s.name })}>
            {t(s.disabledAt ? "staff.enable" : "staff.disable")}
          </RowAction>
        ),
    },
  ];
  return <DataTable caption={t("staff.listCaption")} columns={columns} rows={data.staff} rowKey={(s) => s.id} />;
}

function RoleOptions() {
  const { t } = useTranslation("atelier");
  return (
    <>
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`roles.${role}`)}
        </option>
      ))}
    </>
  );
}

/**
 * One member's permissions: the role (a preset), the capabilities ticked one by one, the refund
 * cap. A real form: it works without JavaScript, and the server decides (the staff service).
 */
function PermissionsForm({ member, shopLimitCents, result }: { member: StaffListEntry; shopLimitCents: number; result: Parameters<typeof useFormKit>[1] }) {
  const { t } = useTranslation("atelier");
  const { locale } = useLocale();
  const formRef = useFormRef();
  const kit = useFormKit(`permissions-${member.id}`, result, ["refundCap"], formRef);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "permissions" && navigation.formData?.get("staffId") === String(member.id);
  const p = member.permissions;
  const isOwner = p.role === "owner";
  const titleId = `permissions-${member.id}-title`;
  const capsId = `permissions-${member.id}-caps`;
  return (
    <section aria-labelledby={titleId} className="border border-line bg-paper p-4">
      <h3 id={titleId} className="text-xl">
        {member.name} <span className="block font-sans text-sm font-normal text-stone">{member.email}</span>
      </h3>
      <p className="mb-3 text-sm text-stone">{isOwner ? t("staff.ownerHasAll") : p.adjusted ? t("staff.adjusted", { role: t(`roles.${p.role}`) }) : t("staff.preset", { role: t(`roles.${p.role}`) })}</p>
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-4" aria-labelledby={titleId}>
        <input type="hidden" name="intent" value="permissions" />
        <input type="hidden" name="staffId" value={member.id} />
        <FormErrors kit={kit} />
        <Field kit={kit} name="role" label={t("staff.role")} hint={t("staff.roleHint")}>
          <select {...controlProps(kit, "role")} key={kit.resetKey} defaultValue={kit.value("role") || p.role} className="field-input">
            <RoleOptions />
          </select>
        </Field>
        <fieldset aria-describedby={`${capsId}-hint`}>
          <legend className="mb-1.5 text-sm font-medium">{t("staff.capabilities")}</legend>
          <ul className="grid gap-x-4 sm:grid-cols-2">
            {ADJUSTABLE.map((c) => (
              <li key={c}>
                <div className="flex min-h-11 items-start gap-2 py-1 text-sm">
                  <input id={`${capsId}-${c}`} type="checkbox" name="capabilities" value={c} defaultChecked={p.capabilities.includes(c)} disabled={isOwner} className="mt-0.5 size-5 shrink-0 accent-ink" />
                  <label htmlFor={`${capsId}-${c}`}>
                    <span className="font-medium">{t(`capabilities.${c}.name`)}</span>{" "}
                    <span className="block text-stone">{t(`capabilities.${c}.text`)}</span>
                  </label>
                </div>
              </li>
            ))}
          </ul>
          <p id={`${capsId}-hint`} className="mt-1 text-sm text-stone">
            {t("staff.capabilitiesHint")}
          </p>
        </fieldset>
        <Field kit={kit} name="refundCap" label={t("staff.refundCap")} hint={t("staff.refundCapHint", { limit: formatMoney(shopLimitCents, locale) })}>
          <input
            {...controlProps(kit, "refundCap")}
            key={kit.resetKey}
            type="text"
            inputMode="decimal"
            maxLength={20}
            disabled={isOwner}
            defaultValue={kit.value("refundCap") || (p.refundCapCents === null ? "" : toEuroInput(p.refundCapCents))}
            className="field-input max-w-48"
          />
        </Field>
        <SubmitButton pending={pending} pendingLabel={t("staff.savingPermissions")}>
          {t("staff.savePermissions")}
        </SubmitButton>
      </Form>
    </section>
  );
}

/** A browser's user agent, shortened to what tells devices apart. */
function deviceOf(userAgent: string): string {
  if (!userAgent) return "—";
  const browser = /(Edg|Firefox|Chrome|Safari)\/[\d.]+/.exec(userAgent)?.[0]?.replace(/\/(\d+).*/, " $1") ?? "";
  const system = /(Windows|Mac OS X|Android|iPhone|iPad|Linux)/.exec(userAgent)?.[0] ?? "";
  return [browser.replace("Edg", "Edge"), system].filter(Boolean).join(", ") || userAgent.slice(0, 40);
}

function SessionsTable({ sessions, names, when }: { sessions: LiveSession[]; names: Map<number, string>; when: (iso: string | null) => string }) {
  const t = withDateArticlesT(useTranslation("atelier").t);
  const columns: Column<LiveSession>[] = [
    { key: "who", header: t("staff.name"), rowHeader: true, cell: (s) => names.get(s.staffId) ?? s.staffId },
    { key: "device", header: t("staff.device"), cell: (s) => <span title={s.userAgent}>{deviceOf(s.userAgent)}</span> },
    { key: "ip", header: t("staff.ip"), cell: (s) => s.ip, wide: true },
    { key: "started", header: t("staff.started"), cell: (s) => when(s.createdAt), wide: true },
    { key: "seen", header: t("staff.lastSeen"), cell: (s) => when(s.lastSeenAt) },
    {
      key: "end",
      header: t("staff.actions"),
      cell: (s) => (
        <RowAction intent="end-session" fields={{ staffId: s.staffId, session: s.key }} label={t("staff.endSessionLabel", { name: names.get(s.staffId) ?? "", date: when(s.createdAt) })}>
          {t("staff.endSession")}
        </RowAction>
      ),
    },
  ];
  return <DataTable caption={t("staff.sessionsCaption")} captionHidden columns={columns} rows={sessions} rowKey={(s) => s.key} empty={t("staff.noSessions")} />;
}

function InvitesTable({ invites, when }: { invites: Data["invites"]; when: (iso: string | null) => string }) {
  const t = withDateArticlesT(useTranslation("atelier").t);
  const columns: Column<Data["invites"][number]>[] = [
    { key: "email", header: t("staff.email"), rowHeader: true, cell: (i) => i.email },
    { key: "role", header: t("staff.role"), cell: (i) => t(`roles.${i.role}`) },
    { key: "expires", header: t("staff.expires"), cell: (i) => when(i.expiresAt) },
    {
      key: "revoke",
      header: t("staff.actions"),
      cell: (i) => (
        <RowAction intent="revoke-invite" fields={{ inviteId: i.id }} label={t("staff.revokeLabel", { email: i.email })}>
          {t("staff.revoke")}
        </RowAction>
      ),
    },
  ];
  return <DataTable caption={t("staff.invitesCaption")} captionHidden columns={columns} rows={invites} rowKey={(i) => i.id} empty={t("staff.noInvites")} />;
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
