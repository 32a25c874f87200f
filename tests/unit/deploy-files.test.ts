// The deployment guide's files (docs/deploy/) are exercised, not just written: HAProxy and nginx
// check their configurations, systemd verifies the unit, and the example environment is one the
// server's own validation accepts. Each check runs where its tool is installed (CI installs
// haproxy; systemd-analyze comes with the machine).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getEnv } from "~/utils/env.server";
import { haproxyPath } from "../../scripts/balancer/haproxy";

const docs = path.resolve(import.meta.dirname, "../../docs/deploy");
const read = (name: string) => fs.readFileSync(path.join(docs, name), "utf8");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bottega-deploy-"));
const has = (tool: string) => {
  try {
    execFileSync("sh", ["-c", `command -v ${tool}`]);
    return true;
  } catch {
    return fs.existsSync(`/usr/sbin/${tool}`);
  }
};

/** A throwaway self-signed certificate and key (the guide's point at Let's Encrypt's). */
function certificate(): { cert: string; key: string; pem: string } {
  const cert = path.join(scratch, "cert.pem");
  const key = path.join(scratch, "key.pem");
  const pem = path.join(scratch, "bundle.pem");
  if (!fs.existsSync(pem)) {
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=www.bottega.example"], { stdio: "ignore" });
    fs.writeFileSync(pem, fs.readFileSync(cert, "utf8") + fs.readFileSync(key, "utf8"));
  }
  return { cert, key, pem };
}

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("docs/deploy", () => {
  it.skipIf(!haproxyPath() || !has("openssl"))("haproxy-bottega.cfg is a valid HAProxy configuration", () => {
    const file = path.join(scratch, "haproxy.cfg");
    fs.writeFileSync(file, read("haproxy-bottega.cfg").replace("/etc/haproxy/certs/bottega.pem", certificate().pem));
    expect(execFileSync(haproxyPath()!, ["-c", "-f", file], { encoding: "utf8" })).toContain("Configuration file is valid");
  });

  it.skipIf(!has("nginx") || !has("openssl"))("nginx-bottega.conf is a valid nginx site", () => {
    const { cert, key } = certificate();
    const site = read("nginx-bottega.conf").replace(/\/etc\/letsencrypt\/live\/www\.bottega\.example\/fullchain\.pem/, cert).replace(/\/etc\/letsencrypt\/live\/www\.bottega\.example\/privkey\.pem/, key);
    fs.writeFileSync(path.join(scratch, "site.conf"), site);
    const main = path.join(scratch, "nginx.conf");
    fs.writeFileSync(main, `pid ${scratch}/nginx.pid;\nerror_log ${scratch}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${scratch}/site.conf;\n}\n`);
    execFileSync(has("nginx") ? "nginx" : "/usr/sbin/nginx", ["-t", "-q", "-c", main, "-p", scratch], { stdio: "pipe" });
  });

  it.skipIf(!has("systemd-analyze"))("bottega.service passes systemd-analyze verify", () => {
    const unit = path.join(scratch, "bottega.service");
    fs.writeFileSync(unit, read("bottega.service"));
    // Quiet on success; a problem in the unit is printed and makes the exit code non-zero.
    expect(execFileSync("systemd-analyze", ["verify", unit], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })).toBe("");
  });

  it("bottega.env.example is accepted by the server's own validation, as production", () => {
    const values = Object.fromEntries(
      read("bottega.env.example")
        .split("\n")
        .filter((line) => line && !line.startsWith("#"))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    expect(values.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    const env = getEnv({ ...values, NODE_ENV: "production" });
    expect(env.PUBLIC_URL).toBe("https://www.bottega.example");
    expect(env.PAYMENT_PROVIDER).toBe("stripe");
  });
});
