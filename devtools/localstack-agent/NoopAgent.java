/**
 * Stands in for LocalStack's own DynamoDB Local agent (ddb-local-loader), which LocalStack downloads
 * from a host these machines cannot reach and which only lifts DynamoDB Local's limit of 20 global
 * secondary indexes per table. Our tables have at most two, so the agent has nothing to do.
 */
public final class NoopAgent {
    private NoopAgent() {
    }

    public static void premain(String arguments) {
    }
}
