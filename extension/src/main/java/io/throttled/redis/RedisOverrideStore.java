package io.throttled.redis;

import io.throttled.config.OverrideStore;
import io.throttled.config.PolicyField;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.UnifiedJedis;

/**
 * Overrides in one Redis hash ({@code <prefix>overrides}), changes announced on the channel
 * {@code <prefix>events}. Each node listens on a daemon thread that reconnects after a failure, and is
 * told to re-read then, since notices sent meanwhile are lost.
 */
public final class RedisOverrideStore implements OverrideStore {
    private static final System.Logger LOG = System.getLogger(RedisOverrideStore.class.getName());
    private static final LuaScript REPLACE = LuaScript.standalone("overrides.lua");

    private final UnifiedJedis jedis;
    private final RedisScripting scripts;
    private final String hash;
    private final String channel;

    public RedisOverrideStore(UnifiedJedis jedis, RedisScripting scripts, String keyPrefix) {
        this.jedis = jedis;
        this.scripts = scripts;
        this.hash = keyPrefix + "overrides";
        this.channel = keyPrefix + "events";
    }

    @Override
    public Map<String, String> load() {
        return jedis.hgetAll(hash);
    }

    @Override
    public void replace(String policy, Map<PolicyField, String> fields) {
        List<String> args = new ArrayList<>();
        args.add(channel);
        args.add(OVERRIDES_CHANGED);
        args.add(Integer.toString(PolicyField.values().length));
        for (PolicyField field : PolicyField.values()) {
            args.add(OverrideStore.key(policy, field));
        }
        fields.forEach((field, value) -> {
            args.add(OverrideStore.key(policy, field));
            args.add(value);
        });
        scripts.run(new ScriptCall(REPLACE, List.of(hash), args));
    }

    @Override
    public void announce(String notice) {
        jedis.publish(channel, notice);
    }

    @Override
    public AutoCloseable listen(Consumer<String> onNotice, Runnable onReconnect) {
        AtomicBoolean open = new AtomicBoolean(true);
        JedisPubSub[] current = new JedisPubSub[1];
        Thread listener = new Thread(() -> {
            long backoff = 100;
            while (open.get()) {
                JedisPubSub subscription = new JedisPubSub() {
                    @Override
                    public void onMessage(String ch, String message) {
                        onNotice.accept(message);
                    }

                    @Override
                    public void onSubscribe(String ch, int count) {
                        onReconnect.run();   // notices sent while we were away are lost: re-read
                    }
                };
                current[0] = subscription;
                try {
                    jedis.subscribe(subscription, channel);
                    backoff = 100;
                } catch (RuntimeException e) {
                    if (open.get()) {
                        LOG.log(System.Logger.Level.DEBUG, "throttled: change feed lost ({0}); reconnecting", e.toString());
                        sleep(backoff);
                        backoff = Math.min(backoff * 2, 5_000);
                    }
                }
            }
        }, "throttled-change-feed");
        listener.setDaemon(true);
        listener.start();
        return () -> {
            open.set(false);
            JedisPubSub subscription = current[0];
            if (subscription != null && subscription.isSubscribed()) {
                subscription.unsubscribe();
            }
            listener.interrupt();
        };
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
