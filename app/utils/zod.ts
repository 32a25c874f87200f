// Every schema imports zod from here (`import { z } from "~/utils/zod"`), never from "zod": this
// module configures zod before any schema can be built.
//
// zod 4 tests whether it may compile validators with `new Function("")` the first time an object
// schema is built. Our Content-Security-Policy forbids eval, so in the browser that probe is
// reported as a CSP violation (console, Lighthouse) even though zod catches the error.
// `jitless` skips the probe and the compiled fast path; our forms are small, so interpreted
// validation costs nothing noticeable. An entry-point import would not be early enough: React
// Router's inline script evaluates route modules (and the schemas they import) before
// entry.client.
import { z } from "zod";

z.config({ jitless: true });

export { z };

/**
 * A form's "go back to" field (redirectTo): any text, never a refusal. safeRedirect decides where
 * it leads: a target that is not local, or too long for a Location header, goes to the default.
 * (The body itself is bounded by the server's form limit.)
 */
export const redirectTargetField = () => z.string().optional();
