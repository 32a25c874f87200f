// `npm run test:smoke`: the production build serves the same shop on PostgreSQL. Starts
// build/server.js against a fresh database on TEST_POSTGRES_URL's server (two processes
// sharing it, as at scale), checks a few pages from each, and drops the database.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { withThreadPool } from "./thread-pool.mjs";

const base = process.env.TEST_POSTGRES_URL;
if (!base) {
  console.log("smoke: TEST_POSTGRES_URL is not set, skipping the PostgreSQL smoke test");
  console.log("0 passed, 0 failed, 1 skipped");
  process.exit(0);
}

const name = `bottega_smoke_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;

const servers = [];
function start(port) {
  const child = spawn(process.execPath, ["build/server.js"], {
    env: withThreadPool({ ...process.env, NODE_ENV: "production", ALLOW_DEV_SECRET: "1", PORT: String(port), DATABASE_URL: url.toString(), LOG_LEVEL: "warn", PUBLIC_URL: `http://localhost:${port}` }),
    stdio: ["ignore", "inherit", "inherit"],
  });
  servers.push(child);
  return child;
}

async function waitFor(port) {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`http://localhost:${port}/healthz`);
      if (res.ok) return res.json();
    } catch {
      // Not listening yet: ask again.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not start`);
}

let passed = 0;
let failed = 0;
async function check(label, fn) {
  try {
    await fn();
    passed++;
    console.log(`  ✓ ${label}`);
  } catch (error) {
    failed++;
    console.log(`  ✗ ${label}: ${error.message}`);
  }
}

try {
  // Both processes start at once on the empty database: one migrates and seeds, the other
  // waits on the locks and finds the work done.
  start(3411);
  start(3412);
  const [health] = await Promise.all([waitFor(3411), waitFor(3412)]);
  await check("healthz reports postgres", async () => {
    if (health.database !== "postgres" || health.status !== "ok") throw new Error(JSON.stringify(health));
  });
  for (const port of [3411, 3412]) {
    await check(`home in Italian from process ${port}`, async () => {
      const html = await (await fetch(`http://localhost:${port}/`)).text();
      if (!html.includes('lang="it"') || !html.includes("Nuovi arrivi") || !html.includes("Donna")) throw new Error("home page content missing");
    });
    await check(`home in English from process ${port}`, async () => {
      const html = await (await fetch(`http://localhost:${port}/en`)).text();
      if (!html.includes('lang="en"') || !html.includes("New arrivals")) throw new Error("English home content missing");
    });
  }
  await check("the catalogue was seeded exactly once", async () => {
    // Two processes started on an empty database: a second seed would repeat the banner's messages.
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const { rows } = await db.query("select count(*)::int as n, count(distinct position)::int as positions from banner_messages");
      if (rows[0].n === 0 || rows[0].n !== rows[0].positions) throw new Error(`expected one banner message per place, found ${rows[0].n} in ${rows[0].positions} places`);
    } finally {
      await db.end();
    }
  });
  await check("menu API from PostgreSQL", async () => {
    const menu = await (await fetch("http://localhost:3412/api/categories?lang=en")).json();
    if (menu.map((c) => c.name).join() !== "Women,Men,Accessories") throw new Error(JSON.stringify(menu));
  });
  await check("newsletter sign-up written by one process, repeated on the other", async () => {
    for (const port of [3411, 3412]) {
      const res = await fetch(`http://localhost:${port}/api/newsletter`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "smoke@example.it", privacy: true, language: "it" }),
      });
      if (res.status !== 200) throw new Error(`status ${res.status}`);
    }
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows } = await db.query("select count(*)::int as n from newsletter_subscriptions where email = 'smoke@example.it'").finally(() => db.end());
    if (rows[0].n !== 1) throw new Error(`expected one row, found ${rows[0].n}`);
  });
  await check("a product image is served with immutable caching", async () => {
    const html = await (await fetch("http://localhost:3411/")).text();
    const src = /<img[^>]+src="(\/media\/g[^"]+)"/.exec(html)?.[1];
    if (!src) throw new Error("no product image on the home page");
    const res = await fetch(`http://localhost:3412${src}`);
    if (res.status !== 200 || !res.headers.get("cache-control")?.includes("immutable")) throw new Error(`status ${res.status}`);
  });
} finally {
  for (const child of servers) child.kill("SIGTERM");
  await Promise.all(servers.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.on("exit", r)))));
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
}
console.log(`smoke: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
