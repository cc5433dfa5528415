import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Counts the writes this process has made through Kysely: any statement that is not a SELECT, counted once it has run
 * (and before the next statement runs, since Kysely holds the connection until its result is transformed). A value
 * read before building something from the database is still current afterwards only if nothing was written meanwhile:
 * that is what lets the poll cache (http/pollCache.ts) answer from memory and stay exact within this process.
 */
export class WriteGenerationPlugin implements KyselyPlugin {
  #generation = 0;
  readonly #writes = new WeakSet<object>();

  generation(): number {
    return this.#generation;
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    // Raw SQL may be a SELECT; counting it as a write only costs a cache miss.
    if (node.kind !== 'SelectQueryNode') this.#writes.add(queryId);
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    // A write that changed no row (a sweep with nothing to sweep) leaves every answer as it was.
    if (this.#writes.has(queryId) && result.numAffectedRows !== 0n) this.#generation += 1;
    return result;
  }
}
