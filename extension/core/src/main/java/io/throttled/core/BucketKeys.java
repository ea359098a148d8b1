package io.throttled.core;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * Names the state of one client under one policy: {@code <prefix><policy>:{<key>}}, and one limit's state
 * beneath it: {@code ...:{<key>}:<algorithm code><window>}, e.g. {@code throttled:ping:{u:alice}:g1s}.
 *
 * <p>The braces are a Redis Cluster hash tag: every key of one decision lands in one slot. A client key that
 * is longer than {@value #MAX_PLAIN_LENGTH} characters or has a character outside letters, digits and
 * {@code . _ - : @ /} is replaced by {@code ~} and a SHA-256 digest, so no client can choose the slot (with
 * braces) or grow keys without bound. {@code ~} never occurs in a plain key, so the two cannot collide.
 */
public final class BucketKeys {
    /** The prefix of every key unless configured otherwise. */
    public static final String DEFAULT_PREFIX = "throttled:";
    static final int MAX_PLAIN_LENGTH = 64;
    private static final Pattern SAFE_PREFIX = Pattern.compile("[A-Za-z0-9._:-]{0,64}");

    private final String prefix;

    /**
     * Keys under a prefix.
     *
     * @param prefix at most 64 letters, digits, {@code . _ : -}; may be empty
     * @throws IllegalArgumentException naming the prefix and what is allowed
     */
    public BucketKeys(String prefix) {
        if (prefix == null || !SAFE_PREFIX.matcher(prefix).matches()) {
            throw new IllegalArgumentException("key prefix '" + prefix
                    + "' must be at most 64 letters, digits, '.', '_', ':' or '-'");
        }
        this.prefix = prefix;
    }

    /** {@return the prefix every key starts with} */
    public String prefix() {
        return prefix;
    }

    /**
     * The key of one client's state under a policy, the part all its limits share.
     *
     * @param policy    the policy
     * @param clientKey the client key, hashed here when it is not plain
     * @return {@code <prefix><policy>:{<key>}}
     */
    public String bucket(Policy policy, String clientKey) {
        return prefix + policy.name() + ":{" + safe(clientKey) + "}";
    }

    /**
     * The key (or, for windowed algorithms, the key stem) of one limit's state.
     *
     * @param bucketKey the client's key under the policy, from {@link #bucket}
     * @param policy    the policy, for its algorithm code
     * @param limit     one of its limits, for its window
     * @return {@code <bucketKey>:<algorithm code><window>}
     */
    public static String limit(String bucketKey, Policy policy, Limit limit) {
        String code = policy.algorithm().keyCode();
        if (policy.refill() == io.throttled.core.Refill.INTERVAL) {
            code = "ti";
        }
        return bucketKey + ":" + code + limit.windowText();
    }

    /**
     * The waiters of one client's bucket under a policy that counts them ({@code max-waiters}): beside the
     * limits' keys, in the same hash slot. No limit's key ends in {@code :w}.
     *
     * @param bucketKey the bucket's key ({@link #bucket})
     * @return the key of its waiters' sorted set
     */
    public static String waiters(String bucketKey) {
        return bucketKey + ":w";
    }

    /**
     * The leases out on one client's bucket under a policy with {@code lease=auto}: a sorted set beside the
     * limits' keys, in the same hash slot (see lease.lua). No limit's key ends in {@code :leases}.
     *
     * @param bucketKey the bucket's key ({@link #bucket})
     * @return the key of its ledger of leases
     */
    public static String leases(String bucketKey) {
        return bucketKey + ":leases";
    }

    /**
     * The client key as it appears inside the braces.
     *
     * @param clientKey the client key
     * @return the key itself when it is plain, otherwise {@code ~} and its digest
     */
    public static String safe(String clientKey) {
        if (clientKey.length() <= MAX_PLAIN_LENGTH && plain(clientKey)) {
            return clientKey;
        }
        return "~" + digest(clientKey);
    }

    /** Whether every character is one of {@code [A-Za-z0-9._:@/-]}; a loop, as a regex costs more than a decision. */
    private static boolean plain(String clientKey) {
        for (int i = 0; i < clientKey.length(); i++) {
            char c = clientKey.charAt(i);
            boolean safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '.' || c == '_' || c == ':' || c == '@' || c == '/' || c == '-';
            if (!safe) {
                return false;
            }
        }
        return true;
    }

    private static String digest(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            // 128 bits is plenty against collisions and keeps keys short.
            return Base64.getUrlEncoder().withoutPadding().encodeToString(java.util.Arrays.copyOf(hash, 16));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
