package io.throttled.bench;

import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.codec.StringCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Spring Cloud Gateway's {@code RedisRateLimiter}: its token-bucket script, read from the gateway's own jar (a
 * dependency of this module, never copied), run as the gateway runs it (two keys; replenish rate, burst capacity,
 * an empty "now" so the script reads Redis' clock, one token), driven by Lettuce, as the gateway's reactive template is.
 */
final class GatewayScriptClient implements PeerClient {
    static final String SCRIPT_RESOURCE = "META-INF/scripts/request_rate_limiter.lua";
    private static final String RATE = Long.toString(Bucket4jBench.RATE);

    private final LettuceConnections<String> lettuce;
    private final String sha;

    GatewayScriptClient(int port, PeerSetting setting) {
        this.lettuce = new LettuceConnections<>(port, setting, StringCodec.UTF8);
        this.sha = lettuce.of(0).sync().scriptLoad(script());
    }

    static String script() {
        try (InputStream in = GatewayScriptClient.class.getClassLoader().getResourceAsStream(SCRIPT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(SCRIPT_RESOURCE + " is not on the class path: the benchmarks module"
                        + " depends on spring-cloud-gateway-server-webflux for it");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean decide(int caller, String key) {
        List<Object> answer = lettuce.of(caller).sync().evalsha(sha, ScriptOutputType.MULTI, keys(key), RATE, RATE, "", "1");
        return allowed(answer);
    }

    @Override
    public CompletionStage<Boolean> decideAsync(int caller, String key) {
        return lettuce.of(caller).async().<List<Object>>evalsha(sha, ScriptOutputType.MULTI, keys(key), RATE, RATE, "", "1")
                .thenApply(GatewayScriptClient::allowed);
    }

    /** The gateway's own key names for a route's client id. */
    private static String[] keys(String id) {
        String prefix = "request_rate_limiter.{" + id + "}.";
        return new String[] {prefix + "tokens", prefix + "timestamp"};
    }

    private static boolean allowed(List<Object> answer) {
        return Long.valueOf(1).equals(answer.get(0));
    }

    @Override
    public void close() {
        lettuce.close();
    }
}
