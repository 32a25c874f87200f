import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Locator, Page } from "@playwright/test";
import { MAIL_DIR, PORT } from "./e2e-env";
import { arrived, expect, expectAccessible, test, visit } from "./fixtures";

// "Work with us": a multipart form with a CV, the same with and without JavaScript. The files
// are made here: a tiny valid PDF, a 6 MB one, and a Linux executable renamed .pdf.

const TEXTS = {
  it: {
    path: "/pages/career",
    firstName: "Nome",
    lastName: "Cognome",
    email: "Email",
    phone: "Telefono",
    department: "Area di interesse",
    departmentOption: "Atelier e sartoria",
    portfolio: "Sito web o portfolio (facoltativo)",
    message: "Messaggio",
    cv: "Curriculum",
    privacy: /informativa sulla privacy/,
    submit: "Invia la candidatura",
    success: "Grazie! Abbiamo ricevuto la tua candidatura e ti abbiamo inviato una email di conferma.",
    tooLarge: "Il file supera i 5 MB: scegli un file più leggero.",
    wrongType: "Il file non è un PDF, un DOC o un DOCX: scegli un altro file.",
    chooseAgain: "Il browser non conserva il file dopo l'invio: selezionalo di nuovo.",
    hint: "PDF, DOC o DOCX, massimo 5 MB.",
    required: "Il campo è obbligatorio",
    cvRequired: "Allega il tuo curriculum",
  },
  en: {
    path: "/en/pages/career",
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
    phone: "Phone",
    department: "Area of interest",
    departmentOption: "Atelier and tailoring",
    portfolio: "Website or portfolio (optional)",
    message: "Message",
    cv: "CV",
    privacy: /privacy notice/,
    submit: "Send application",
    success: "Thank you! We've received your application and sent you a confirmation e-mail.",
    tooLarge: "The file is larger than 5 MB: choose a smaller file.",
    wrongType: "The file isn't a PDF, DOC or DOCX: choose another file.",
    chooseAgain: "Browsers don't keep the file after sending: please choose it again.",
    hint: "PDF, DOC or DOCX, 5 MB at most.",
    required: "The field is required",
    cvRequired: "Attach your CV",
  },
} as const;
type Lang = keyof typeof TEXTS;

const MB = 1024 * 1024;

/** A one-page PDF: small, and valid for any reader. */
function tinyPdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 4\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A PDF in its first bytes, 6 MB in all: only its size is wrong. */
const sixMegabytePdf = () => Buffer.concat([tinyPdf(), Buffer.alloc(6 * MB - tinyPdf().length, 0x20)]);

/** The start of a Linux executable, named like a CV. */
function elfExecutable(): Buffer {
  const elf = Buffer.alloc(4096);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]).copy(elf);
  return elf;
}

let counter = 0;
const uniqueEmail = () => `candidato.${Date.now().toString(36)}.${process.pid}.${counter++}@example.com`;

function careerForm(page: Page, lang: Lang) {
  const t = TEXTS[lang];
  const main = page.getByRole("main");
  return {
    firstName: main.getByLabel(t.firstName, { exact: true }),
    lastName: main.getByLabel(t.lastName, { exact: true }),
    email: main.getByLabel(t.email, { exact: true }),
    phone: main.getByLabel(t.phone, { exact: true }),
    department: main.getByLabel(t.department, { exact: true }),
    portfolio: main.getByLabel(t.portfolio, { exact: true }),
    message: main.getByLabel(t.message, { exact: true }),
    cv: main.getByLabel(t.cv, { exact: true }),
    privacy: main.getByRole("checkbox", { name: t.privacy }),
    submit: main.getByRole("button", { name: t.submit }),
  };
}
type CareerForm = ReturnType<typeof careerForm>;

const typed = (email: string) => ({
  firstName: "Giulia",
  lastName: "Rossi",
  email,
  phone: "+39 333 123 4567",
  portfolio: "https://giuliarossi.example/lavori",
  message: "Sarta da dieci anni: vorrei lavorare nel vostro atelier.",
});

async function fillIn(f: CareerForm, lang: Lang, email: string) {
  const values = typed(email);
  await f.firstName.fill(values.firstName);
  await f.lastName.fill(values.lastName);
  await f.email.fill(values.email);
  await f.phone.fill(values.phone);
  await f.department.selectOption({ label: TEXTS[lang].departmentOption });
  await f.portfolio.fill(values.portfolio);
  await f.message.fill(values.message);
  await f.privacy.check();
}

/** Every typed value is still there (after an error). */
async function expectKept(f: CareerForm, email: string) {
  const values = typed(email);
  await expect(f.firstName).toHaveValue(values.firstName);
  await expect(f.lastName).toHaveValue(values.lastName);
  await expect(f.email).toHaveValue(values.email);
  await expect(f.phone).toHaveValue(values.phone);
  await expect(f.department).toHaveValue("atelier");
  await expect(f.portfolio).toHaveValue(values.portfolio);
  await expect(f.message).toHaveValue(values.message);
  await expect(f.privacy).toBeChecked();
}

/** Submits; without JavaScript waits for the answer page (which has the same URL). */
async function submit(page: Page, button: Locator, javaScriptEnabled: boolean) {
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  if (javaScriptEnabled) {
    await button.click();
    return (await answer).status();
  }
  const navigated = page.waitForEvent("framenavigated", { predicate: (frame) => frame === page.mainFrame() });
  await button.click();
  const status = (await answer).status();
  await navigated;
  return status;
}

/** The page's notices (the flash message after post-redirect-get). */
const notices = (page: Page) => page.getByRole("status", { name: /^(Notifiche|Notifications)$/ });

/** The application stored by the e2e server (scripts/e2e-server.mjs), with its CV. */
function storedApplication(email: string) {
  const db = new Database(path.join(os.tmpdir(), `bottega-e2e-${PORT}.sqlite`), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select a.first_name, a.department, a.website, a.locale, f.file_name, f.mime_type, f.size_bytes, f.content
         from job_applications a join job_application_files f on f.application_id = a.id where a.email = ?`,
      )
      .all(email) as Array<{ first_name: string; department: string; website: string; locale: string; file_name: string; mime_type: string; size_bytes: number; content: Buffer }>;
  } finally {
    db.close();
  }
}

/** The acknowledgement in the outbox (no SMTP_URL in e2e: mail is written to MAIL_DIR). */
function acknowledgementTo(email: string): string | undefined {
  const outbox = MAIL_DIR;
  if (!fs.existsSync(outbox)) return undefined;
  return fs.readdirSync(outbox).find((name) => fs.readFileSync(path.join(outbox, name), "utf8").includes(`To: ${email}`));
}

for (const lang of ["it", "en"] as const) {
  const t = TEXTS[lang];

  // Without JavaScript the English form is the Italian one with other texts: the no-JS project
  // posts the Italian one (the stored locale comes from the page's path alike).
  test(`[${lang}] a career application with a valid CV is stored, acknowledged and confirmed`, lang === "en" ? { tag: "@no-js-elsewhere" } : {}, async ({ page, javaScriptEnabled }) => {
    await visit(page, t.path);
    const f = careerForm(page, lang);
    await expect(f.cv).toHaveAccessibleDescription(new RegExp(t.hint.replace(/[.]/g, "\\.")));
    const email = uniqueEmail();
    await fillIn(f, lang, email);
    const pdf = tinyPdf();
    await f.cv.setInputFiles({ name: "Curriculum Giulia Rossi.pdf", mimeType: "application/pdf", buffer: pdf });

    // Post-redirect-get with and without JavaScript: back here with the notice, the form empty.
    const status = await submit(page, f.submit, javaScriptEnabled);
    if (!javaScriptEnabled) expect(status).toBe(302);
    await arrived(page, t.path);
    await expect(notices(page)).toContainText(t.success);
    await expect(f.firstName).toHaveValue("");
    await expect(f.message).toHaveValue("");
    await expect(f.privacy).not.toBeChecked();
    await expect(f.cv).toHaveValue("");

    const [stored] = storedApplication(email);
    expect(stored).toMatchObject({
      first_name: "Giulia",
      department: "atelier",
      website: "https://giuliarossi.example/lavori",
      locale: lang,
      file_name: "Curriculum Giulia Rossi.pdf",
      mime_type: "application/pdf",
      size_bytes: pdf.length,
    });
    expect(Buffer.compare(stored.content, pdf)).toBe(0);
    await expect.poll(() => acknowledgementTo(email)).toBeTruthy();
  });
}

// The server refuses the file in both projects (a 413 answer, sent as soon as the file passes its
// limit: issue 37, item 25); without JavaScript its error page, every field kept, is the
// executable's test's below.
test("[it] a 6 MB CV gets the file's error, with every other field kept", { tag: "@no-js-elsewhere" }, async ({ page, javaScriptEnabled }) => {
  const t = TEXTS.it;
  await visit(page, t.path);
  const f = careerForm(page, "it");
  const email = uniqueEmail();
  await fillIn(f, "it", email);
  await f.cv.setInputFiles({ name: "portfolio-completo.pdf", mimeType: "application/pdf", buffer: sixMegabytePdf() });

  expect(await submit(page, f.submit, javaScriptEnabled)).toBe(413);
  await expect(f.cv).toHaveAccessibleDescription(new RegExp(t.tooLarge));
  await expect(f.cv).toHaveAttribute("aria-invalid", "true");
  await expect(f.cv).toBeFocused();
  await expectKept(f, email);
  await expect(page).toHaveURL(t.path);
  await expectAccessible(page);
  expect(storedApplication(email)).toEqual([]);
});

test("[en] an executable renamed .pdf gets the file's error, with every other field kept", async ({ page, javaScriptEnabled }) => {
  const t = TEXTS.en;
  await visit(page, t.path);
  const f = careerForm(page, "en");
  const email = uniqueEmail();
  await fillIn(f, "en", email);
  await f.cv.setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: elfExecutable() });

  expect(await submit(page, f.submit, javaScriptEnabled)).toBe(400);
  await expect(f.cv).toHaveAccessibleDescription(new RegExp(t.wrongType));
  await expect(f.cv).toBeFocused();
  await expectKept(f, email);
  await expectAccessible(page);
  expect(storedApplication(email)).toEqual([]);

  // A real CV then goes through (with JavaScript the first file was replaced; without, chosen again).
  await f.cv.setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: tinyPdf() });
  await submit(page, f.submit, javaScriptEnabled);
  await arrived(page, t.path);
  await expect(notices(page)).toContainText(t.success);
  expect(storedApplication(email)).toHaveLength(1);
});

test("[it] an empty form shows each field's error and focuses the first", async ({ page, javaScriptEnabled }) => {
  const t = TEXTS.it;
  await visit(page, t.path);
  const f = careerForm(page, "it");
  expect(await submit(page, f.submit, javaScriptEnabled)).toBe(400);
  await expect(f.firstName).toBeFocused();
  for (const input of [f.firstName, f.lastName, f.email, f.phone, f.department, f.message]) {
    await expect(input).toHaveAccessibleDescription(new RegExp(t.required));
    await expect(input).toHaveAttribute("aria-invalid", "true");
  }
  await expect(f.portfolio).not.toHaveAttribute("aria-invalid", "true");
  await expect(f.cv).toHaveAccessibleDescription(new RegExp(t.cvRequired));
  await expectAccessible(page);
});

test("[it] a good CV with a field to fix: with JavaScript the file stays chosen, without it the page says to choose it again", async ({
  page,
  javaScriptEnabled,
}) => {
  const t = TEXTS.it;
  await visit(page, t.path);
  const f = careerForm(page, "it");
  const email = uniqueEmail();
  await fillIn(f, "it", email);
  await f.phone.fill("");
  await f.cv.setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: tinyPdf() });

  expect(await submit(page, f.submit, javaScriptEnabled)).toBe(400);
  await expect(f.phone).toBeFocused();
  await expect(f.phone).toHaveAccessibleDescription(new RegExp(t.required));
  await expect(f.cv).not.toHaveAttribute("aria-invalid", "true");
  if (javaScriptEnabled) {
    await expect(f.cv).toHaveValue(/cv\.pdf$/);
    await expect(f.cv).not.toHaveAccessibleDescription(new RegExp(t.chooseAgain));
  } else {
    await expect(f.cv).toHaveValue("");
    await expect(f.cv).toHaveAccessibleDescription(new RegExp(t.chooseAgain));
  }
  await expectAccessible(page);

  await f.phone.fill("+39 333 123 4567");
  if (!javaScriptEnabled) await f.cv.setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: tinyPdf() });
  await submit(page, f.submit, javaScriptEnabled);
  await arrived(page, t.path);
  await expect(notices(page)).toContainText(t.success);
  expect(storedApplication(email)).toHaveLength(1);
});
