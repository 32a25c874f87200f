// Its own module, below both the connection and the query recorder that the connection plugs
// in, so neither imports the other back (decision 038: no import circles).

/** The two dialects the shop runs on (decision 002). */
export type DatabaseKind = "sqlite" | "postgres";
