package io.throttled.redis;

import io.throttled.core.OverrideStore;
import io.throttled.core.ExtensionThreads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.UnifiedJedis;

/**
 * Overrides in one Redis hash ({@code <prefix>overrides}), changes announced on the channel
 * {@code <prefix>events}. Each node listens on a daemon thread that reconnects after a failure, and is
 * told to re-read then, since notices sent meanwhile are lost. Closing the listener stops and joins it.
 */
public final class RedisOverrideStore implements OverrideStore {
    private static final System.Logger LOG = System.getLogger(RedisOverrideStore.class.getName());
    /** Long enough for a subscription to end or a connect attempt to time out; bounded, so a stop never hangs. */
    private static final Duration JOIN_TIMEOUT = Duration.ofSeconds(5);
    static final LuaScript REPLACE = LuaScript.standalone("overrides.lua");

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
    public void replaceKeys(Collection<String> remove, Map<String, String> set) {
        List<String> args = new ArrayList<>();
        args.add(channel);
        args.add(OVERRIDES_CHANGED);
        args.add(Integer.toString(remove.size()));
        args.addAll(remove);
        set.forEach((key, value) -> {
            args.add(key);
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
        ChangeFeed feed = new ChangeFeed(onNotice, onReconnect);
        feed.thread.start();
        return feed;
    }

    /**
     * The listening thread and its subscription. Closing it ends the subscription and waits for the thread,
     * so the connection it borrowed is back in the pool before the pool is closed.
     */
    private final class ChangeFeed implements AutoCloseable {
        private final AtomicBoolean open = new AtomicBoolean(true);
        private final Consumer<String> onNotice;
        private final Runnable onReconnect;
        private final Thread thread;
        private volatile JedisPubSub current;

        ChangeFeed(Consumer<String> onNotice, Runnable onReconnect) {
            this.onNotice = onNotice;
            this.onReconnect = onReconnect;
            this.thread = ExtensionThreads.newThread(this::run, "throttled-change-feed");
        }

        private void run() {
            long backoff = 100;
            while (open.get()) {
                JedisPubSub subscription = new JedisPubSub() {
                    @Override
                    public void onMessage(String ch, String message) {
                        onNotice.accept(message);
                    }

                    @Override
                    public void onSubscribe(String ch, int count) {
                        if (!open.get()) {
                            unsubscribe();   // closed while this subscription was being made
                            return;
                        }
                        onReconnect.run();   // notices sent while we were away are lost: re-read
                    }
                };
                current = subscription;
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
        }

        @Override
        public void close() {
            open.set(false);
            JedisPubSub subscription = current;
            if (subscription != null && subscription.isSubscribed()) {
                try {
                    subscription.unsubscribe();
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.DEBUG, "throttled: ending the change feed: {0}", e.toString());
                }
            }
            thread.interrupt();
            ExtensionThreads.join(thread, JOIN_TIMEOUT);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
