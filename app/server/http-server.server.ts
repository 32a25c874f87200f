// The Node HTTP server under Express: timeouts that cut slow clients off, and a shutdown that
// finishes every request already received before the process exits.
import http from "node:http";
import net from "node:net";

export interface HttpTimeouts {
  /** To receive a request's headers (Node's default: 60 s). */
  headersTimeout: number;
  /**
   * To receive a whole request, body included (Node's default: 300 s). A 5 MB CV still fits
   * at about 90 KB/s (0.7 Mbit/s, a poor mobile uplink); a body dribbled slower is cut off (408).
   */
  requestTimeout: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeout: number;
  /** How often Node checks the two limits above (its default, 30 s, would add up to 30 s to them). */
  checkInterval: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersTimeout: 15_000,
  requestTimeout: 60_000,
  keepAliveTimeout: 5_000,
  checkInterval: 1_000,
};

export interface HttpServer {
  server: http.Server;
  /**
   * Stops accepting connections, lets every request already received finish (answered with
   * `Connection: close`), closes idle keep-alive connections, and resolves once no connection
   * is left.
   */
  stop(): Promise<void>;
}

/** Without a new connection for this long after a shutdown starts, the listener closes… */
const QUIET_MS = 100;
/**
 * …and at the latest after this. A busy process takes queued connections one per turn of the
 * event loop (measured: 20 waited over 2 s behind page renders on a loaded machine), so the
 * drain may take seconds; past this, clients still connecting are refused.
 */
const DRAIN_MS = 10_000;

interface ConnectionState {
  /** Requests on this connection whose response has not finished. */
  active: number;
  /** Responses finished on this connection. */
  served: number;
}

export function createHttpServer(handler: http.RequestListener, timeouts: HttpTimeouts = HTTP_TIMEOUTS): HttpServer {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersTimeout,
      requestTimeout: timeouts.requestTimeout,
      keepAliveTimeout: timeouts.keepAliveTimeout,
      connectionsCheckingInterval: timeouts.checkInterval,
    },
    handler,
  );

  const connections = new Map<net.Socket, ConnectionState>();
  let stopping = false;

  server.on("connection", (socket: net.Socket) => {
    connections.set(socket, { active: 0, served: 0 });
    socket.once("close", () => connections.delete(socket));
  });
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    const state = connections.get(socket);
    if (!state) return;
    state.active++;
    if (stopping && !res.headersSent) res.setHeader("Connection", "close");
    res.once("close", () => {
      state.active--;
      state.served++;
      // A response that started before the shutdown may have promised keep-alive: end here.
      if (stopping && state.active === 0) socket.end();
    });
  });

  let accepted = 0;
  server.on("connection", () => accepted++);

  let stopped: Promise<void> | undefined;
  function stop(): Promise<void> {
    stopped ??= new Promise<void>((resolve) => {
      stopping = true;
      // Keep-alive connections between requests go now. One accepted but silent so far keeps
      // its chance: its request is answered (with Connection: close), or the headers timeout
      // ends it.
      for (const [socket, state] of connections) {
        if (state.active === 0 && state.served > 0) socket.destroy();
      }
      // Connections the kernel completed before the signal may still wait in the listen queue
      // (the event loop was busy rendering): closing the listening socket resets them. So keep
      // accepting until the event loop's poll phases (setImmediate runs right after one) bring
      // no new connection for a moment, at most for DRAIN_MS.
      const giveUpAt = Date.now() + DRAIN_MS;
      const closeWhenQuiet = () => {
        const seen = accepted;
        setTimeout(() => {
          setImmediate(() => {
            if (accepted !== seen && Date.now() < giveUpAt) return closeWhenQuiet();
            // net's close, not http's: since Node 19 http.Server#close also closes "idle"
            // connections, handled above without racing a request in transit.
            net.Server.prototype.close.call(server, () => resolve());
          });
        }, QUIET_MS);
      };
      closeWhenQuiet();
    });
    return stopped;
  }

  return { server, stop };
}
