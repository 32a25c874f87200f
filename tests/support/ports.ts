import net from "node:net";

/**
 * A loopback port below 32768 that was free a moment ago. Linux hands out 32768–60999 to outgoing
 * connections, so a server the tests or the bench start there can find its port taken by a client
 * under load; these tests' servers take theirs from 20000–31999 instead.
 */
export async function freeLowPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const probe = net.createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => probe.close(resolve));
      return port;
    }
  }
}
