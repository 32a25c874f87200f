import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";

/** Counts the statements a database handle runs (`db.withPlugin(counter)`), and the tables each reads. */
export class QueryCounter implements KyselyPlugin {
  count = 0;
  /** The tables each statement names, in order. */
  tables: string[][] = [];

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.count++;
    this.tables.push([...tablesOf(node)]);
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }

  /** Starts counting again. */
  reset(): this {
    this.count = 0;
    this.tables = [];
    return this;
  }

  /** How many statements touched a table. */
  touching(table: string): number {
    return this.tables.filter((names) => names.includes(table)).length;
  }
}

function tablesOf(node: unknown, found = new Set<string>()): Set<string> {
  if (!node || typeof node !== "object") return found;
  const op = node as OperationNode & { table?: { identifier?: { name?: string } } };
  if (op.kind === "TableNode" && op.table?.identifier?.name) found.add(op.table.identifier.name);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) tablesOf(item, found);
    else if (value && typeof value === "object") tablesOf(value, found);
  }
  return found;
}
