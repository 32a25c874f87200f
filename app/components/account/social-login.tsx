import { Form, Link } from "react-router";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";

export interface SocialProviderOption {
  id: string;
  name: string;
}

/**
 * "Continue with …" buttons, one plain form each: the post goes to /api/auth/socialLogin, which
 * answers with a redirect to the provider (a document navigation, with or without JavaScript).
 * Nothing shows when the shop offers no provider.
 */
export function SocialLogin({ providers, redirectTo }: { providers: SocialProviderOption[]; redirectTo: string | null }) {
  const { t } = useTranslation("account");
  const { locale, href } = useLocale();
  if (providers.length === 0) return null;
  return (
    <section aria-labelledby="social-login-title" className="mt-8 border-t border-line pt-6">
      <h2 id="social-login-title" className="mb-4 text-center font-sans text-sm font-normal tracking-widest text-stone uppercase">
        {t("login.socialTitle")}
      </h2>
      <ul className="space-y-3">
        {providers.map((provider) => (
          <li key={provider.id}>
            <Form method="post" action="/api/auth/socialLogin" reloadDocument>
              <input type="hidden" name="provider" value={provider.id} />
              <input type="hidden" name="language" value={locale} />
              {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
              <button type="submit" className="btn btn-secondary w-full">
                {t("login.socialContinue", { provider: provider.name })}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-stone">
        {t("login.socialConsentBefore")}
        <Link to={href("/pages/Privacy-Policy")} className="underline">
          {t("login.socialConsentLink")}
        </Link>
        {t("login.socialConsentAfter")}
      </p>
    </section>
  );
}
