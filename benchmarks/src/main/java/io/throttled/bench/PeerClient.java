package io.throttled.bench;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * A peer's client at one setting of its sweep, configured for the decision ours makes in section 9 (a token bucket
 * of 10^9 a second, so every call is admitted and writes). {@code caller} picks a connection where a setting has
 * several; {@code key} is the client key, which each peer prefixes so that peers never share state.
 */
interface PeerClient extends AutoCloseable {

    boolean decide(int caller, String key) throws Exception;

    /** The same decision through the client's asynchronous API, for the settings that use it. */
    CompletionStage<Boolean> decideAsync(int caller, String key);

    /** Sets up what the peer needs before its first decision on these keys (Redisson's rate limiter: its rate). */
    default void prepare(List<String> keys) {
    }

    @Override
    void close();
}
