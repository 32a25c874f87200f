import type { Route } from "./+types/control";

// Static markup rendered through the whole stack (Express, React Router, the shell) with no
// database query and no session: `npm run bench` compares real pages against it.
export function loader() {
  return { paragraphs: 12 };
}

export default function Control({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page py-16">
      <h1 className="mb-6 text-5xl">Bottega</h1>
      {Array.from({ length: loaderData.paragraphs }, (_, i) => (
        <p key={i} className="mb-4 max-w-2xl text-stone">
          Lana, lino e tempo: capi fatti per restare. Ogni capo nasce in un laboratorio italiano, da tessuti scelti uno per uno.
        </p>
      ))}
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Bottega" }, { name: "robots", content: "noindex" }];
